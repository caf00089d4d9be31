/**
 * Margin warnings: where the risk rate (equity ÷ used margin, percent) becomes worth telling
 * a trader, before the upstream's stop-out closes positions for them.
 *
 * This project's defaults: a warning at 150 % (losses have eaten a third of the margin's
 * cover) and a margin call at 100 % (equity no more than the margin: free margin is gone, no
 * new order fits). The upstream's own stop-out level comes with the orders, when it says.
 */

/** Warning levels of the risk rate in percent, highest first: [warning, margin call]. */
export const RISK_WARNING_LEVELS: readonly number[] = [150, 100];

/**
 * How far (percentage points) the rate must climb back above a level before crossing it again
 * is told again: a rate wavering on a level is one crossing, not one per tick.
 */
export const RISK_REARM_POINTS = 5;

/**
 * How many of `levels` (highest first) the rate is at or below: 0 when clear of them all or
 * when no margin is used (`null`).
 */
export function riskBand(
  rate: number | null,
  levels: readonly number[] = RISK_WARNING_LEVELS,
): number {
  if (rate === null) return 0;
  let band = 0;
  for (const level of levels) if (rate <= level) band += 1;
  return band;
}

/**
 * Follows the risk rate and tells each downward crossing of a warning level once. After a
 * crossing the level is told again only once the rate has been back above it by
 * `RISK_REARM_POINTS`. `update` returns the band newly reached (1 = first level…), or 0.
 */
export function createRiskCrossings(levels: readonly number[] = RISK_WARNING_LEVELS) {
  /** The deepest band told and not yet re-armed. */
  let told = 0;
  return {
    update(rate: number | null): number {
      const band = riskBand(rate, levels);
      // Re-arm every level the rate is clearly back above.
      while (told > 0) {
        const level = levels[told - 1] as number;
        if (rate === null || rate > level + RISK_REARM_POINTS) told -= 1;
        else break;
      }
      if (band > told) {
        told = band;
        return band;
      }
      return 0;
    },
    /** Forgets every crossing (another account). */
    reset(): void {
      told = 0;
    },
  };
}
