/**
 * What a ledger row (docs/product.md#entities Ledger record) of `/mine/history` shows, as pure
 * functions: its text by the Type 10 Memo rule, its signed amount and colour, its time.
 */
import { fromMicros, type LedgerRecord, ledgerText, NO_VALUE, toMicros } from '@pipstream/protocol';

/**
 * Decimals an amount shows at least (docs/product.md#constants balance); finer ones (fees) are
 * kept, up to 6.
 */
const MIN_DECIMALS = 2;

/**
 * A balance change with its sign: `'+10000.00'`, `'-100.50'`, `'-0.054321'`, `'0.00'`. Exact:
 * the wire's decimal text is read as micro-units, never through a float. `'--'` for a value that
 * is not a decimal.
 */
export function signedAmount(value: string): string {
  let micros: bigint;
  try {
    micros = toMicros(value);
  } catch {
    return NO_VALUE;
  }
  const text = fromMicros(micros);
  const [whole, decimals = ''] = text.split('.');
  const padded = `${whole}.${decimals.padEnd(MIN_DECIMALS, '0')}`;
  return micros > 0n ? `+${padded}` : padded;
}

export interface LedgerRowView {
  /** docs/product.md#entities: Type 10 shows Memo as written; any other type shows MemoTran. */
  readonly text: string;
  readonly amount: string;
  readonly tone: 'up' | 'down' | 'flat';
  /** When, in UTC as the upstream wrote it: the row writes it in the viewer's zone and language. */
  readonly time: string;
}

/** A ledger record as its row shows it. */
export function ledgerRowView(
  record: Pick<LedgerRecord, 'Type' | 'Memo' | 'MemoTran' | 'Value' | 'CreatedAtTran'>,
): LedgerRowView {
  const amount = signedAmount(record.Value);
  return {
    text: ledgerText(record),
    amount,
    tone: amount.startsWith('+') ? 'up' : amount.startsWith('-') ? 'down' : 'flat',
    time: record.CreatedAtTran,
  };
}
