import { alertReached, armedAlertsSchema } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { alertsScript, armedAlerts } from './armed.js';

const instruments = Array.from({ length: 300 }, (_, index) => ({
  Id: index + 1,
  ShowCode: `I${index}`,
  PricePrecision: 5,
  ForexQuotations: { Close: 1 + index / 100 },
}));

describe('armedAlerts', () => {
  it('arms one valid alert per instrument, spread over the list, none reached now', () => {
    const alerts = armedAlerts(instruments, 20);
    expect(armedAlertsSchema.safeParse(alerts).success).toBe(true);
    expect(new Set(alerts.map((alert) => alert.instrumentId)).size).toBe(20);
    expect(alerts.at(-1)?.instrumentId).toBe(286);
    for (const alert of alerts) {
      const close = instruments[alert.instrumentId - 1]?.ForexQuotations.Close ?? 0;
      expect(alertReached(alert.condition, { close, change: 5 })).toBe(false);
    }
  });

  it('refuses to arm more alerts than there are instruments', () => {
    expect(() => armedAlerts(instruments.slice(0, 3), 20)).toThrow(/need 20 instruments/);
  });

  it('writes them where the app keeps them', () => {
    const alerts = armedAlerts(instruments, 3);
    const written = /setItem\('pipstream\.alerts', (".*")\);/.exec(alertsScript(alerts))?.[1];
    expect(JSON.parse(JSON.parse(written ?? '""'))).toEqual(alerts);
  });
});
