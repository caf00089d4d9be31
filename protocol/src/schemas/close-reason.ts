/**
 * Why an order left the book (this project's `CloseReason` field). An upstream may send other
 * words, or none: the field is a plain optional string, and a screen shows the reasons it knows.
 */
export const CLOSE_REASON = {
  MANUAL: 'manual',
  STOP_LOSS: 'stop_loss',
  TAKE_PROFIT: 'take_profit',
  STOP_OUT: 'stop_out',
  CANCELLED: 'cancelled',
  DEMO_RESET: 'demo_reset',
} as const;
export type CloseReason = (typeof CLOSE_REASON)[keyof typeof CLOSE_REASON];

/** `reason` as one this project names, or `undefined` for an absent or unknown one. */
export function closeReasonOf(reason: string | undefined): CloseReason | undefined {
  return (Object.values(CLOSE_REASON) as string[]).includes(reason ?? '')
    ? (reason as CloseReason)
    : undefined;
}
