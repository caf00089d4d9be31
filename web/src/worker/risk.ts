/**
 * The live model's risk warnings: the account's risk rate followed for its band and each
 * downward crossing of a warning level, with the upstream's stop-out level.
 */
import {
  createRiskCrossings,
  formatPercent,
  RISK_WARNING_LEVELS,
  riskBand,
} from '@pipstream/protocol';
import type { RiskView } from './batch.js';
import type { ChangeSet } from './changes.js';

export function createRisk(changes: ChangeSet) {
  const crossings = createRiskCrossings();
  let stopOutLevel: number | null = null;
  let risk: RiskView = {
    band: 0,
    crossings: 0,
    level: null,
    riskRateText: formatPercent(null),
    stopOutLevel: null,
  };

  return {
    /** The warning as it stands. */
    get view(): RiskView {
      return risk;
    },

    /** Follows the risk rate: a new band, or a downward crossing of a level, is a change. */
    follow(rate: number | null): void {
      const crossed = crossings.update(rate);
      const band = riskBand(rate);
      // While a warning can show (band > 0) its rate follows the card's, tick by tick; clear of
      // every level nothing shows it, so it is not posted on every tick.
      const riskRateText =
        crossed > 0 || band !== risk.band || band > 0 ? formatPercent(rate) : risk.riskRateText;
      if (
        crossed === 0 &&
        band === risk.band &&
        riskRateText === risk.riskRateText &&
        !changes.risk
      ) {
        return;
      }
      risk = {
        band,
        crossings: risk.crossings + (crossed > 0 ? 1 : 0),
        level: crossed > 0 ? (RISK_WARNING_LEVELS[crossed - 1] ?? null) : risk.level,
        riskRateText,
        stopOutLevel,
      };
      changes.risk = true;
    },

    /** The upstream's stop-out level (percent), `null` while it has not said. */
    setStopOutLevel(level: number | null): void {
      if (level === stopOutLevel) return;
      stopOutLevel = level;
      risk = { ...risk, stopOutLevel: level };
      changes.risk = true;
    },

    /** Forgets the crossings and the stop-out level (a logout). */
    reset(): void {
      crossings.reset();
      stopOutLevel = null;
      changes.risk = true;
    },
  };
}
