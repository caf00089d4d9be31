/**
 * The alerts the `alerts` benchmark arms: `count` of them on distinct instruments of the
 * ticking trade list, each at a level the market does not reach during a window (ten times the
 * price, a tenth of it, or a 99 % day), so every tick is compared and none fires. Pure, so it
 * is tested.
 */
import type { PriceAlert } from '@pipstream/protocol';

/** What an instrument of the trade list gives an alert. */
export interface ListedInstrument {
  readonly Id: number;
  readonly ShowCode: string;
  readonly PricePrecision: number;
  readonly ForexQuotations: { readonly Close: number };
}

export function armedAlerts(instruments: readonly ListedInstrument[], count: number): PriceAlert[] {
  if (instruments.length < count) {
    throw new Error(
      `${count} alerts need ${count} instruments; the list has ${instruments.length}`,
    );
  }
  // Spread over the list, so they sit on the mock's own and on the synthetic copies alike.
  const step = Math.floor(instruments.length / count);
  return Array.from({ length: count }, (_, index) => {
    const instrument = instruments[index * step] as ListedInstrument;
    const close = instrument.ForexQuotations.Close;
    const kind = (['above', 'below', 'move'] as const)[index % 3] ?? 'move';
    const condition =
      kind === 'move'
        ? { kind, percent: 99 }
        : { kind, price: kind === 'above' ? close * 10 : close / 10 };
    return {
      id: `bench-${index}`,
      instrumentId: instrument.Id,
      code: instrument.ShowCode,
      precision: instrument.PricePrecision,
      condition,
      createdAt: 0,
      firedAt: null,
    };
  });
}

/** An init script that keeps `alerts` on the device before the app's first script runs. */
export function alertsScript(alerts: readonly PriceAlert[]): string {
  const value = JSON.stringify(JSON.stringify(alerts));
  return `if (window === window.top) { localStorage.setItem('pipstream.alerts', ${value}); }`;
}
