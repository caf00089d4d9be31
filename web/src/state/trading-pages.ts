/**
 * Pure helpers of the account feed: reading every page of an order list, and cutting orders
 * down to what the live worker reads. Type-only imports of the protocol: this module is in the
 * first chunk, which must not pull in the schemas.
 */
import type { Order } from '@pipstream/protocol';
import type { OpenOrder } from '../worker/contract.js';

/**
 * At most this many pages are read for one list (this project's choice: 50 pages of the mock's
 * 10 orders are far beyond any real account; the cap only stops a server whose `total` never
 * matches what it pages from looping for ever).
 */
export const MAX_ORDER_PAGES = 50;

/** One page of a paged list: its rows and the list's total, as `my_deal` answers. */
export interface PageAnswer<T> {
  readonly data: readonly T[];
  readonly total: number;
}

/** Every row of a paged list, with the first page's answer (it carries the list's extras). */
export interface AllPages<T, A> {
  readonly rows: T[];
  readonly first: A;
  /** False when the walk stopped at the page cap before the total was reached. */
  readonly complete: boolean;
}

/**
 * Reads pages 1, 2, … of a list until the rows read reach the total the latest page gave, a
 * page comes back empty, or `maxPages` pages were read. Rows are kept once by `Id`: a row
 * inserted at the top while walking pushes the rows down a page, so one may be seen twice.
 */
export async function readAllPages<A extends PageAnswer<{ readonly Id: number }>>(
  fetchPage: (page: number) => Promise<A>,
  maxPages: number = MAX_ORDER_PAGES,
): Promise<AllPages<A['data'][number], A>> {
  type Row = A['data'][number];
  const first = await fetchPage(1);
  const byId = new Map<number, Row>();
  let read = 0;
  let total = first.total;
  let answer: A = first;
  for (let page = 1; ; ) {
    for (const row of answer.data) if (!byId.has(row.Id)) byId.set(row.Id, row);
    read += answer.data.length;
    total = answer.total;
    if (answer.data.length === 0 || read >= total || page >= maxPages) break;
    page += 1;
    answer = await fetchPage(page);
  }
  return { rows: [...byId.values()], first, complete: read >= total };
}

/** The fields of a holding order the live worker values it with (a smaller structured clone). */
export function toOpenOrder(order: Order): OpenOrder {
  return {
    Id: order.Id,
    OrderType: order.OrderType,
    Quantity: order.Quantity,
    Price: order.Price,
    UpdatePrice: order.UpdatePrice,
    FactProfits: order.FactProfits,
    CautionMoney: order.CautionMoney,
    ForexId: order.ForexId,
    TargetLossPrice: order.TargetLossPrice,
    TargetProfitPrice: order.TargetProfitPrice,
    ForexTradeLists: {
      ForexContNum: order.ForexTradeLists.ForexContNum,
      PricePrecision: order.ForexTradeLists.PricePrecision,
    },
  };
}

/** The fields of a pending order the live worker counts: its margin. */
export function toPendingMargin(order: Order): Pick<Order, 'Id' | 'CautionMoney'> {
  return { Id: order.Id, CautionMoney: order.CautionMoney };
}
