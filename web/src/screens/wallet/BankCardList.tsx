import { MethodList } from './MethodList.js';
import { BANK_KIND } from './wallet-methods.js';

/** `/mine/bank-card-list`: bound bank accounts, swipe-to-delete; the plus binds another. */
export default function BankCardList() {
  return <MethodList kind={BANK_KIND} />;
}
