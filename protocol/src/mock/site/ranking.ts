import { fromMicros } from '../../arithmetic/money.js';
import type { RankingItem } from '../../schemas/content.js';
import type { Rng } from '../rng.js';

/** Leaders on the copy-trade ranking (this project's choice). */
export const RANKING_SIZE = 20;

/** Leverages leaders trade with: the common retail ones. */
const LEVERAGES = [10, 20, 50, 100, 200, 500] as const;

/** Instruments leaders trade, by their usual codes. */
const CODES = [
  'EURUSD',
  'GBPUSD',
  'USDJPY',
  'AUDUSD',
  'USDCAD',
  'USDCHF',
  'XAUUSD',
  'XAGUSD',
  'BTCUSDT',
  'ETHUSDT',
  'USOIL',
  'NAS100',
] as const;

/** Fictional trader nicknames; each leader gets a different one. */
const HANDLES = [
  'GoldenPips',
  'NightOwlFX',
  'SwingSage',
  'TrendRider',
  'PipHunter',
  'LondonOpen',
  'CalmScalper',
  'MacroMaya',
  'BlueHorizon',
  'IronStops',
  'SatoshiSwing',
  'Kestrel88',
  'AuroraTrades',
  'SteadyHand',
  'DeltaNomad',
  'OrbitCapital',
  'FibFox',
  'QuietBull',
  'RiskFirst',
  'TokyoDrift',
  'SilverLining',
  'MarginMonk',
  'BreakoutBen',
  'CarryQueen',
] as const;

/** `items` in an order drawn from `rng` (Fisher–Yates). */
function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * One leader. Percentages are drawn in hundredths so they carry two decimals exactly, and the
 * profit is the rate applied to a drawn capital in integer cents: its sign always follows the
 * rate and its text never carries float noise.
 */
function leader(rng: Rng, user: string): RankingItem {
  const rateHundredths = rng.int(-1500, 6000);
  const capitalCents = rng.int(200_000, 5_000_000);
  const profitCents = Math.round((capitalCents * rateHundredths) / 10_000);
  const traded = shuffled(rng, CODES).slice(0, rng.int(1, 4));
  return {
    user,
    multiple: rng.pick(LEVERAGES),
    three_week_rate: rateHundredths / 100,
    three_week_win: rng.int(3500, 8500) / 100,
    three_week_profit: fromMicros(BigInt(profitCents) * 10_000n, 2),
    // Lifetime return: the last three weeks plus what came before, which may have been a loss.
    total_rate: (rateHundredths + rng.int(-2000, 25_000)) / 100,
    total_trade_num: rng.int(60, 2400),
    code: traded[0] ?? CODES[0],
    // Good recent returns draw followers.
    followers: rng.int(5, 400) + Math.round(Math.max(0, rateHundredths / 100) * rng.int(5, 60)),
    // `variety` is this project's choice: the instruments the leader trades, main one first, as
    // a short comma-separated list (its length is the count the wording may show).
    variety: traded.join(', '),
  };
}

/**
 * The copy-trade ranking: {@link RANKING_SIZE} fictional leaders with plausible three-week
 * figures, best three-week return first. The same `rng` state gives the same ranking.
 */
export function generateRanking(rng: Rng): RankingItem[] {
  return shuffled(rng, HANDLES)
    .slice(0, RANKING_SIZE)
    .map((user) => leader(rng, user))
    .sort((a, b) => b.three_week_rate - a.three_week_rate || (a.user < b.user ? -1 : 1));
}
