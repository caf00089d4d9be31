import { MethodList } from './MethodList.js';
import { COIN_KIND } from './wallet-methods.js';

/** `/mine/coin-address-list`: bound coin addresses, swipe-to-delete; the plus binds another. */
export default function CoinAddressList() {
  return <MethodList kind={COIN_KIND} />;
}
