/**
 * The mock's instruments: what a small CFD broker lists, with mid-2024 prices. Everything here
 * is static; live fields (MarketStatus after a control change, ForexQuotations) are added by the
 * market service.
 */
import type { Instrument } from '../../schemas/market.js';
import type { MessageKey } from '../messages.js';

/** MarketStatus: 1 is open; this project closes a market with 2. */
export const MARKET_STATUS = { OPEN: 1, CLOSED: 2 } as const;

/** One listed instrument and the parameters of its simulated market. */
export interface CatalogueEntry {
  /** The instrument as listed, without the fields that change while the mock runs. */
  readonly instrument: Omit<Instrument, 'MarketStatus' | 'ForexQuotations'>;
  /** MarketStatus on a first start (a restart keeps the persisted one). */
  readonly status: number;
  /** Where the walk starts on a first start, and where it softly reverts to. */
  readonly startPrice: number;
  /** Standard deviation of one day's log return (0.006 = 0.6 % a day). */
  readonly dailyVolatility: number;
  /** Typical traded volume per minute, for candle volumes. */
  readonly volumePerMinute: number;
}

/** A category: its id, and the locale text of its name (NameShowTrans, per `lang`). */
export interface CatalogueCategory {
  readonly Id: number;
  readonly name: MessageKey;
}

/** Category ids in display order. */
export const CATEGORIES: readonly CatalogueCategory[] = [
  { Id: 1, name: 'market.categories.forex_majors' },
  { Id: 2, name: 'market.categories.forex_crosses' },
  { Id: 3, name: 'market.categories.metals' },
  { Id: 4, name: 'market.categories.energy' },
  { Id: 5, name: 'market.categories.indices' },
  { Id: 6, name: 'market.categories.crypto' },
  { Id: 7, name: 'market.categories.stocks' },
];

/**
 * Instruments listed under a name rather than a ticker (ShowCode "Copper"): the locale text of
 * that name, by Code. The catalogue's ShowCode is the English one.
 */
export const INSTRUMENT_NAMES: Readonly<Record<string, MessageKey>> = {
  COPPER: 'market.instruments.copper',
  USOIL: 'market.instruments.wti_oil',
  UKOIL: 'market.instruments.brent_oil',
  NGAS: 'market.instruments.natural_gas',
};

/**
 * Where the mock serves each instrument's logo: under `/uploads/`, the one path besides the API
 * that a gateway forwards to the upstream, so a browser gets it through the gateway too.
 */
export const LOGOS_PATH = '/uploads/logos/';

/** Trading terms shared by a category; a row may override any of them. */
interface Terms {
  readonly lotStep: number;
  readonly minLots: number;
  readonly unitsPerLot: number;
  readonly feeRate: number;
  /** First is the default; empty means ordering is refused (docs/product.md#validation). */
  readonly leverages: readonly number[];
  readonly volumePerMinute: number;
  /** Margin per lot: when set, the instrument is MarginMode 1. */
  readonly fixedMargin?: string;
  readonly status?: number;
}

/** [Code, ShowCode, start price, PricePrecision, daily volatility, overrides]. */
type Row = readonly [string, string, number, number, number, Partial<Terms>?];

/**
 * ForexFeeRate is read as a share of the margin (trade_fee_type other than 1): 0.001
 * charges 0.1 % of an order's margin. The rates are this project's choice.
 */
const FOREX: Terms = {
  lotStep: 0.01,
  minLots: 0.01,
  unitsPerLot: 100_000,
  feeRate: 0.001,
  leverages: [100, 50, 200, 500],
  volumePerMinute: 120,
};

const GROUPS: readonly { categoryId: number; terms: Terms; rows: readonly Row[] }[] = [
  {
    categoryId: 1,
    terms: FOREX,
    rows: [
      ['EURUSD', 'EUR/USD', 1.085, 5, 0.005],
      ['GBPUSD', 'GBP/USD', 1.27, 5, 0.006],
      ['USDJPY', 'USD/JPY', 155.5, 3, 0.006],
      ['USDCHF', 'USD/CHF', 0.905, 5, 0.005],
      ['AUDUSD', 'AUD/USD', 0.665, 5, 0.007],
      ['USDCAD', 'USD/CAD', 1.365, 5, 0.005],
      ['NZDUSD', 'NZD/USD', 0.61, 5, 0.007],
    ],
  },
  {
    categoryId: 2,
    terms: { ...FOREX, feeRate: 0.0015, leverages: [100, 50, 200], volumePerMinute: 60 },
    rows: [
      ['EURGBP', 'EUR/GBP', 0.854, 5, 0.004],
      ['EURJPY', 'EUR/JPY', 168.7, 3, 0.007],
      ['GBPJPY', 'GBP/JPY', 197.5, 3, 0.008],
      ['EURCHF', 'EUR/CHF', 0.982, 5, 0.005],
      ['EURAUD', 'EUR/AUD', 1.632, 5, 0.006],
      ['EURCAD', 'EUR/CAD', 1.481, 5, 0.005],
      ['GBPCHF', 'GBP/CHF', 1.149, 5, 0.006],
      ['GBPAUD', 'GBP/AUD', 1.91, 5, 0.007],
      ['AUDJPY', 'AUD/JPY', 103.4, 3, 0.008],
      ['CADJPY', 'CAD/JPY', 113.9, 3, 0.007],
      ['CHFJPY', 'CHF/JPY', 171.8, 3, 0.007],
      ['NZDJPY', 'NZD/JPY', 94.8, 3, 0.008],
      ['AUDNZD', 'AUD/NZD', 1.09, 5, 0.004],
      ['AUDCAD', 'AUD/CAD', 0.908, 5, 0.005],
      ['USDCNH', 'USD/CNH', 7.24, 4, 0.002, { leverages: [50, 20, 100] }],
      ['USDMXN', 'USD/MXN', 17.05, 4, 0.009, { leverages: [50, 20] }],
    ],
  },
  {
    categoryId: 3,
    terms: {
      lotStep: 0.01,
      minLots: 0.01,
      unitsPerLot: 100,
      feeRate: 0.002,
      leverages: [100, 50, 20],
      volumePerMinute: 80,
    },
    rows: [
      ['XAUUSD', 'XAU/USD', 2400, 2, 0.011],
      ['XAGUSD', 'XAG/USD', 30.5, 3, 0.02, { unitsPerLot: 5000, fixedMargin: '1000' }],
      ['XPTUSD', 'XPT/USD', 1000, 2, 0.017],
      // Palladium is listed but has no leverage configured: the app's warning case.
      ['XPDUSD', 'XPD/USD', 950, 2, 0.024, { leverages: [] }],
      ['COPPER', 'Copper', 4.6, 4, 0.014, { unitsPerLot: 25_000, minLots: 0.1 }],
    ],
  },
  {
    categoryId: 4,
    terms: {
      lotStep: 0.01,
      minLots: 0.1,
      unitsPerLot: 1000,
      feeRate: 0.002,
      leverages: [50, 20, 10],
      volumePerMinute: 60,
    },
    rows: [
      ['USOIL', 'WTI Oil', 78.5, 2, 0.02, { fixedMargin: '800' }],
      ['UKOIL', 'Brent Oil', 82.8, 2, 0.019, { fixedMargin: '800' }],
      ['NGAS', 'Natural Gas', 2.6, 3, 0.035, { unitsPerLot: 10_000 }],
    ],
  },
  {
    categoryId: 5,
    terms: {
      lotStep: 0.1,
      minLots: 0.1,
      unitsPerLot: 1,
      feeRate: 0.002,
      leverages: [50, 20, 100],
      volumePerMinute: 40,
    },
    rows: [
      ['US500', 'US500', 5300, 1, 0.01, { unitsPerLot: 10 }],
      ['US30', 'US30', 39_000, 1, 0.009, { fixedMargin: '400' }],
      ['NAS100', 'NAS100', 18_600, 1, 0.013, { fixedMargin: '400' }],
      ['GER40', 'GER40', 18_500, 1, 0.01, { fixedMargin: '400' }],
      ['UK100', 'UK100', 8200, 1, 0.008],
      ['FRA40', 'FRA40', 8000, 1, 0.01],
      ['EU50', 'EU50', 4950, 1, 0.01],
      ['AUS200', 'AUS200', 7800, 1, 0.008],
      // Asian sessions: closed while the mock starts, so "market closed" is always testable.
      ['JP225', 'JP225', 38_500, 0, 0.012, { status: MARKET_STATUS.CLOSED }],
      ['HK50', 'HK50', 18_000, 0, 0.015, { status: MARKET_STATUS.CLOSED }],
    ],
  },
  {
    categoryId: 6,
    terms: {
      lotStep: 0.01,
      minLots: 0.01,
      unitsPerLot: 1,
      feeRate: 0.003,
      leverages: [10, 5, 20, 50],
      volumePerMinute: 30,
    },
    rows: [
      ['BTCUSDT', 'BTC/USDT', 65_000, 2, 0.03],
      ['ETHUSDT', 'ETH/USDT', 3500, 2, 0.035],
      ['BNBUSDT', 'BNB/USDT', 580, 2, 0.035, { minLots: 0.1 }],
      ['SOLUSDT', 'SOL/USDT', 150, 3, 0.05, { minLots: 0.1 }],
      ['XRPUSDT', 'XRP/USDT', 0.52, 5, 0.045, { unitsPerLot: 1000, lotStep: 0.1, minLots: 0.1 }],
      ['ADAUSDT', 'ADA/USDT', 0.45, 5, 0.045, { unitsPerLot: 1000, lotStep: 0.1, minLots: 0.1 }],
      ['DOGEUSDT', 'DOGE/USDT', 0.15, 6, 0.06, { unitsPerLot: 10_000, lotStep: 0.1, minLots: 0.1 }],
      ['DOTUSDT', 'DOT/USDT', 7, 4, 0.05, { unitsPerLot: 100 }],
      ['LTCUSDT', 'LTC/USDT', 82, 3, 0.04, { minLots: 0.1 }],
      ['LINKUSDT', 'LINK/USDT', 15, 4, 0.05, { unitsPerLot: 10 }],
      ['AVAXUSDT', 'AVAX/USDT', 35, 3, 0.055, { unitsPerLot: 10 }],
      ['TRXUSDT', 'TRX/USDT', 0.12, 6, 0.035, { unitsPerLot: 10_000, lotStep: 0.1, minLots: 0.1 }],
      [
        'SHIBUSDT',
        'SHIB/USDT',
        0.000025,
        9,
        0.06,
        { unitsPerLot: 1_000_000, lotStep: 1, minLots: 1 },
      ],
    ],
  },
  {
    categoryId: 7,
    terms: {
      lotStep: 0.01,
      minLots: 0.01,
      unitsPerLot: 100,
      feeRate: 0.002,
      leverages: [10, 5, 20],
      volumePerMinute: 25,
    },
    rows: [
      ['AAPL', 'AAPL', 190, 2, 0.017],
      ['MSFT', 'MSFT', 420, 2, 0.015],
      ['GOOGL', 'GOOGL', 175, 2, 0.018],
      ['AMZN', 'AMZN', 185, 2, 0.02],
      ['META', 'META', 480, 2, 0.025],
      ['NVDA', 'NVDA', 120, 2, 0.032],
      ['TSLA', 'TSLA', 180, 2, 0.035],
      ['NFLX', 'NFLX', 640, 2, 0.022],
      ['JPM', 'JPM', 200, 2, 0.013],
      ['V', 'V', 275, 2, 0.011],
      ['KO', 'KO', 62, 2, 0.009],
      ['INTC', 'INTC', 31, 2, 0.025],
      // No leverage configured: orders are refused.
      ['DIS', 'DIS', 100, 2, 0.016, { leverages: [] }],
      // Listed elsewhere, closed during the US session this mock imitates.
      ['BABA', 'BABA', 75, 2, 0.028, { status: MARKET_STATUS.CLOSED }],
      ['TSM', 'TSM', 160, 2, 0.027, { status: MARKET_STATUS.CLOSED }],
    ],
  },
];

function buildCatalogue(): readonly CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  for (const { categoryId, terms, rows } of GROUPS) {
    for (const [code, showCode, startPrice, precision, dailyVolatility, overrides] of rows) {
      const t: Terms = { ...terms, ...overrides };
      const fixed = t.fixedMargin !== undefined;
      entries.push({
        instrument: {
          // Ids follow catalogue order: new instruments go at the end so existing ids never move.
          Id: entries.length + 1,
          Code: code,
          ShowCode: showCode,
          Logo: `${LOGOS_PATH}${code}.svg`,
          CategoryId: categoryId,
          PricePrecision: precision,
          Pip: t.lotStep,
          ForexMinCont: t.minLots,
          ForexContNum: t.unitsPerLot,
          MarginMode: fixed ? 1 : 0,
          ...(fixed ? { FixedMargin: t.fixedMargin } : {}),
          ForexFeeRate: t.feeRate,
          HasForexMultiple: t.leverages.map((Value) => ({ Value })),
        },
        status: t.status ?? MARKET_STATUS.OPEN,
        startPrice,
        dailyVolatility,
        volumePerMinute: t.volumePerMinute,
      });
    }
  }
  return entries;
}

/** Every instrument, ids 1..N in display order. */
export const CATALOGUE: readonly CatalogueEntry[] = buildCatalogue();
