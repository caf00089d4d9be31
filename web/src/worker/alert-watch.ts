/**
 * The price alerts armed on this device, looked at on every tick in the live worker. Indexed by
 * instrument, so a tick costs one lookup and only its own instrument's alerts are compared.
 * Each alert fires once: it leaves the watch as it fires, and the main thread, which keeps the
 * alerts, sends the armed ones again after marking it fired.
 */
import {
  alertReached,
  armedAlertsSchema,
  type FiredAlert,
  type PriceAlert,
  type QuoteTick,
} from '@pipstream/protocol';

export function createAlertWatch(now: () => number = Date.now) {
  let byInstrument = new Map<number, PriceAlert[]>();
  /** Fired in this worker's life: never fired twice, whatever list arrives later. */
  const fired = new Set<string>();

  return {
    /**
     * Replaces the armed alerts. The list is checked against its shape (it crosses from the
     * main thread): a bad one throws and the alerts armed before stay.
     */
    setAlerts(list: unknown): void {
      const parsed = armedAlertsSchema.safeParse(list);
      if (!parsed.success) throw new TypeError(`alerts: ${parsed.error.issues[0]?.message}`);
      const next = new Map<number, PriceAlert[]>();
      for (const alert of parsed.data) {
        if (alert.firedAt !== null || fired.has(alert.id)) continue;
        const on = next.get(alert.instrumentId);
        if (on) on.push(alert);
        else next.set(alert.instrumentId, [alert]);
      }
      byInstrument = next;
    },

    /** How many alerts are armed. */
    get size(): number {
      let count = 0;
      for (const on of byInstrument.values()) count += on.length;
      return count;
    },

    /** The alerts `ticks` reach, each taken out of the watch; empty when none. */
    evaluate(ticks: readonly Pick<QuoteTick, 'Id' | 'Close' | 'Change'>[]): FiredAlert[] {
      if (byInstrument.size === 0) return [];
      let out: FiredAlert[] | undefined;
      for (const tick of ticks) {
        const on = byInstrument.get(tick.Id);
        if (!on) continue;
        const quote = { close: tick.Close, change: tick.Change };
        for (let index = on.length - 1; index >= 0; index--) {
          const alert = on[index] as PriceAlert;
          if (!alertReached(alert.condition, quote)) continue;
          on.splice(index, 1);
          fired.add(alert.id);
          out ??= [];
          out.push({
            id: alert.id,
            instrumentId: alert.instrumentId,
            condition: alert.condition,
            price: tick.Close,
            change: tick.Change,
            at: now(),
          });
        }
        if (on.length === 0) byInstrument.delete(tick.Id);
      }
      return out ?? [];
    },
  };
}

export type AlertWatch = ReturnType<typeof createAlertWatch>;
