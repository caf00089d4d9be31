// Over 400 lines on purpose: most of it is the seed articles' text, the archive itself is short.
import { z } from 'zod';
import {
  NEWS_CATEGORY,
  type NewsDetail,
  type NewsItem,
  newsDetailSchema,
} from '../../schemas/content.js';
import { requiredText, text, urlOrPath } from '../../schemas/primitives.js';
import { formatUtc } from '../time.js';

/** News items per page of `news/list` (this project's choice). */
export const NEWS_PAGE_SIZE = 10;

/**
 * Items published through the control API kept at most (this project's choice): the oldest
 * published one goes first, so a long demo cannot grow the settings row without bound.
 */
export const PUBLISHED_NEWS_LIMIT = 200;

/**
 * A news item to publish through the control API (`/news/add`). `content` is HTML taken as it
 * is — on purpose: tests publish hostile markup to prove the app sanitises what it renders.
 * Its bound keeps the JSON body under the control API's 64 KiB.
 */
export const newsDraftSchema = z.strictObject({
  title: requiredText(200),
  content: z.string().max(60_000),
  desc: text(500).default(''),
  /** The list image; empty for none. */
  logo: z.union([urlOrPath(), z.literal('')]).default(''),
  category_id: z.number().int().min(1).default(NEWS_CATEGORY),
});
export type NewsDraft = z.infer<typeof newsDraftSchema>;

/** A published item as the archive keeps it: the detail plus its category. */
export const publishedNewsSchema = newsDetailSchema.extend({
  category_id: z.number().int().min(1),
});
export type PublishedNews = z.infer<typeof publishedNewsSchema>;

interface NewsSeed {
  readonly title: string;
  readonly desc: string;
  /** Opening words, set in bold. */
  readonly lead: string;
  readonly body: string;
  readonly detail: string;
  readonly points: readonly string[];
  /** An ordered list reads as steps or a schedule; an unordered one as key points. */
  readonly ordered?: boolean;
  readonly link?: readonly [text: string, href: string];
}

const CALENDAR: readonly [string, string] = [
  'economic calendar',
  'https://www.pipstream.example/calendar',
];
const HELP: readonly [string, string] = ['help centre', 'https://support.pipstream.example/help'];

// Newest first. Fictional market commentary: figures are plausible, not historical.
const SEEDS: readonly NewsSeed[] = [
  {
    title: 'Gold holds near record high as traders await US inflation data',
    desc: 'XAU/USD consolidates above $2,400 while markets price the next Fed move.',
    lead: 'Gold traded in a narrow range on Tuesday',
    body: 'as investors held back ahead of the US consumer price index, the last major release before the Federal Reserve meets.',
    detail:
      'A softer print would strengthen the case for lower rates and typically supports non-yielding bullion; a hot one could lift the dollar and Treasury yields.',
    points: [
      'Support is seen near $2,380, the low of last week',
      'Resistance sits at the record high just above $2,450',
      'Central-bank buying continues to underpin demand',
    ],
  },
  {
    title: 'EUR/USD slips after softer euro-area PMI readings',
    desc: 'Manufacturing stays in contraction, weighing on the single currency.',
    lead: 'The euro eased against the dollar',
    body: 'after flash purchasing managers’ indices showed factory activity shrinking for a fourth month while services growth slowed.',
    detail:
      'Traders trimmed bets on a hawkish ECB, and the pair dropped back below its 50-day moving average.',
    points: [
      'Composite PMI fell to 49.6 from 50.3',
      'German manufacturing remains the weakest component',
      'Next focus: German Ifo survey and US durable goods',
    ],
  },
  {
    title: 'Fed minutes signal patience on rate cuts',
    desc: 'Officials want more evidence that inflation is heading back to 2%.',
    lead: 'Minutes of the latest FOMC meeting',
    body: 'showed most policymakers see no urgency to ease policy while the labour market stays resilient.',
    detail:
      'The dollar index firmed modestly on the release, and two-year Treasury yields rose by four basis points.',
    points: [
      'Several members flagged sticky services inflation',
      'Balance-sheet run-off will slow from next month',
      'Markets still price the first cut before year-end',
    ],
  },
  {
    title: 'Bitcoin reclaims $70,000 as ETF inflows resume',
    desc: 'Spot fund demand returns after two weeks of outflows.',
    lead: 'Bitcoin rose more than 4% overnight',
    body: 'as US spot exchange-traded funds recorded their largest daily inflow in a month.',
    detail:
      'Ether followed higher, while funding rates on perpetual futures stayed moderate, suggesting the move was not driven by leverage alone.',
    points: [
      'BTCUSDT broke above its 20-day range high',
      'Open interest climbed alongside price',
      'Weekend liquidity can amplify swings: size positions accordingly',
    ],
  },
  {
    title: 'Oil climbs on supply concerns ahead of OPEC+ meeting',
    desc: 'Brent and WTI extend gains as producers weigh output policy.',
    lead: 'Crude prices advanced for a third session',
    body: 'on expectations that OPEC+ will extend voluntary production cuts into the next quarter.',
    detail:
      'Shipping disruptions in key routes added a risk premium, while US inventories fell more than analysts expected.',
    points: [
      'WTI tested the $82 area for the first time in three weeks',
      'Refinery utilisation rose ahead of the driving season',
      'A surprise output increase would be the main downside risk',
    ],
  },
  {
    title: 'Yen weakens as Bank of Japan keeps policy unchanged',
    desc: 'USD/JPY climbs as the BoJ offers no new guidance on bond purchases.',
    lead: 'The Japanese yen fell across the board',
    body: 'after the Bank of Japan left its short-term rate unchanged and gave few hints about the pace of future tightening.',
    detail:
      'Officials repeated that they are watching currency moves closely, keeping traders alert to the risk of intervention.',
    points: [
      'USD/JPY gained about 0.8% on the day',
      'Verbal warnings from the Ministry of Finance intensified',
      'Wide US–Japan yield gaps continue to favour carry trades',
    ],
  },
  {
    title: 'Sterling firms after UK wage growth beats forecasts',
    desc: 'GBP/USD rises as strong pay data pushes back rate-cut bets.',
    lead: 'The pound strengthened',
    body: 'after regular pay growth held at 6% year on year, above the consensus forecast.',
    detail:
      'Gilt yields rose, and money markets pushed the expected timing of the first Bank of England cut later into the year.',
    points: [
      'Unemployment edged up to 4.3%',
      'Services inflation remains the BoE’s main concern',
      'UK CPI is due next Wednesday',
    ],
  },
  {
    title: 'US payrolls preview: what a strong jobs report means for the dollar',
    desc: 'Consensus looks for about 190,000 new jobs and steady unemployment.',
    lead: 'Friday’s nonfarm payrolls report',
    body: 'is the key event of the week, with average hourly earnings watched as closely as the headline figure.',
    detail:
      'A strong report would support the dollar against the yen and the euro; a miss could revive bets on earlier rate cuts.',
    ordered: true,
    points: [
      'Headline payrolls against the 190,000 consensus',
      'Unemployment rate, expected at 3.9%',
      'Average hourly earnings, month on month',
      'Revisions to the two previous months',
    ],
  },
  {
    title: 'ECB holds rates and hints at a June move',
    desc: 'President says the council is “increasingly confident” on inflation.',
    lead: 'The European Central Bank kept its deposit rate at 4%',
    body: 'but signalled that a cut could come at the June meeting if staff projections confirm slowing inflation.',
    detail: 'EUR/USD whipsawed during the press conference before settling slightly lower.',
    points: [
      'Decision was unanimous',
      'Wage growth is expected to ease through the year',
      'New staff projections are due in June',
    ],
  },
  {
    title: 'Nasdaq futures rise as chipmakers lead tech rebound',
    desc: 'Semiconductor shares recover after last week’s sell-off.',
    lead: 'US technology futures pointed higher',
    body: 'as strong guidance from a major chip supplier eased worries about demand for AI hardware.',
    detail:
      'The broader S&P 500 also gained, while Treasury yields were little changed ahead of the auction calendar.',
    points: [
      'NAS100 futures up about 1% in early trading',
      'Volatility index dropped back below 14',
      'Mega-cap earnings start next week',
    ],
  },
  {
    title: 'Australian dollar dips after RBA strikes cautious tone',
    desc: 'AUD/USD falls as the central bank drops its tightening bias.',
    lead: 'The Reserve Bank of Australia held rates at 4.35%',
    body: 'and softened its language on further hikes, surprising some investors who expected a firmer stance.',
    detail: 'Weaker iron-ore prices added to pressure on the Aussie dollar.',
    points: [
      'AUD/USD slipped below 0.6600',
      'Quarterly CPI is the next key test',
      'China’s demand outlook remains a swing factor',
    ],
  },
  {
    title: 'Silver outperforms gold on industrial demand hopes',
    desc: 'XAG/USD climbs to a two-month high as solar-panel demand grows.',
    lead: 'Silver gained more than 2%',
    body: 'outpacing gold as traders bet that manufacturing demand, especially from solar producers, will tighten supply.',
    detail: 'The gold-to-silver ratio fell to its lowest level since the start of the year.',
    points: [
      'Industrial use accounts for about half of silver demand',
      'Mine supply has been flat for several years',
      'Silver tends to be more volatile than gold: mind your leverage',
    ],
  },
  {
    title: 'Ethereum network upgrade: what traders should watch',
    desc: 'Lower fees for layer-2 networks could lift on-chain activity.',
    lead: 'Ethereum’s latest upgrade went live',
    body: 'cutting the cost of posting data from layer-2 networks to the main chain.',
    detail:
      'Upgrades often bring volatility around the activation date as traders position for and against the event.',
    ordered: true,
    points: [
      'Check the activation time in your own time zone',
      'Expect wider spreads during the hour around activation',
      'Review stop-loss levels on open ETHUSDT positions',
    ],
  },
  {
    title: 'Swiss franc in demand as risk appetite fades',
    desc: 'Safe-haven flows lift CHF against the euro and the dollar.',
    lead: 'The franc strengthened',
    body: 'as equity markets retreated and investors sought shelter from geopolitical headlines.',
    detail: 'USD/CHF fell for a third day, while EUR/CHF returned to its monthly low.',
    points: [
      'Swiss inflation remains well inside the SNB target range',
      'The SNB has signalled it may act against excessive strength',
      'Gold also benefited from the risk-off mood',
    ],
  },
  {
    title: 'Canadian dollar tracks crude higher after inventory draw',
    desc: 'USD/CAD slides as oil prices rally.',
    lead: 'The loonie gained against the US dollar',
    body: 'after official data showed a larger-than-expected fall in US crude inventories, lifting oil prices.',
    detail: 'Canadian employment figures on Friday are the next domestic catalyst.',
    points: [
      'Crude stocks fell by 4.2 million barrels',
      'USD/CAD broke below the 1.3600 support',
      'The Bank of Canada meets in two weeks',
    ],
  },
  {
    title: 'China trade data lifts commodity currencies',
    desc: 'Exports beat expectations, supporting AUD and NZD.',
    lead: 'Chinese exports grew faster than forecast',
    body: 'in the latest month, easing concerns about the strength of the world’s second-largest economy.',
    detail:
      'Copper and iron ore rallied on the release, and commodity-linked currencies outperformed during the Asian session.',
    points: [
      'Exports rose 7.6% year on year',
      'Imports also beat forecasts',
      'The trade surplus narrowed slightly',
    ],
  },
  {
    title: 'Weekly outlook: central bank week puts volatility in focus',
    desc: 'Four major central banks announce decisions in the coming days.',
    lead: 'A busy week lies ahead',
    body: 'with rate decisions from the Fed, the Bank of England, the Bank of Japan and the Swiss National Bank.',
    detail:
      'Spreads may widen around each announcement. Consider reducing position sizes or widening stops before the releases.',
    ordered: true,
    points: [
      'Tuesday: Bank of Japan decision',
      'Wednesday: Federal Reserve decision and press conference',
      'Thursday: Swiss National Bank and Bank of England decisions',
      'Friday: flash PMIs for the euro area, the UK and the US',
    ],
  },
  {
    title: 'US CPI cools more than expected; dollar slides',
    desc: 'Core inflation rises 0.2% on the month, below the 0.3% forecast.',
    lead: 'US consumer prices rose less than expected',
    body: 'in the latest month, reviving hopes that the Federal Reserve can begin easing policy this year.',
    detail:
      'The dollar fell against all major currencies, while gold and US stock index futures jumped on the release.',
    points: [
      'Headline CPI rose 3.1% year on year',
      'Shelter costs slowed for a second month',
      'EUR/USD jumped about 60 pips within minutes',
    ],
  },
  {
    title: 'Natural gas swings as forecasts point to milder weather',
    desc: 'Prices retreat from a one-month high on lower heating demand.',
    lead: 'Natural gas futures fell sharply',
    body: 'as updated weather models pointed to warmer-than-normal temperatures across major consuming regions.',
    detail:
      'Storage levels remain above the five-year average, limiting the upside for prices even in colder spells.',
    points: [
      'Weekly storage report due on Thursday',
      'LNG export demand remains firm',
      'Daily ranges have doubled compared with last month',
    ],
  },
  {
    title: 'Platform notice: scheduled maintenance this weekend',
    desc: 'Deposits and withdrawals pause briefly on Saturday night (UTC).',
    lead: 'We will carry out scheduled maintenance',
    body: 'on Saturday from 22:00 to 23:30 UTC to upgrade our payment systems.',
    detail:
      'Trading is not affected, as markets are closed at that time. Open positions, pending orders and balances are kept unchanged.',
    ordered: true,
    points: [
      'Before 22:00 UTC: submit any withdrawal you need processed this weekend',
      '22:00 to 23:30 UTC: deposits and withdrawals are paused',
      'From 23:30 UTC: all services resume normally',
    ],
    link: HELP,
  },
  {
    title: 'Trading hours change as US daylight saving time ends',
    desc: 'US-linked products open and close one hour later for UTC users.',
    lead: 'As US clocks go back one hour',
    body: 'the trading sessions of US stock indices, oil and metals shift by one hour in UTC terms.',
    detail: 'Forex and crypto trading hours are not affected.',
    points: [
      'US indices: open 23:00 UTC instead of 22:00 UTC',
      'Crude oil: daily break moves to 22:00 to 23:00 UTC',
      'Gold and silver: daily break moves to 22:00 to 23:00 UTC',
    ],
    link: HELP,
  },
  {
    title: 'Understanding margin and leverage: a quick guide',
    desc: 'How much you put up, and why leverage works both ways.',
    lead: 'Margin is the amount set aside',
    body: 'when you open a position. With leverage of 100, a position worth $10,000 needs $100 of margin.',
    detail:
      'Leverage magnifies both profits and losses. If your equity falls too far relative to the margin in use, positions are closed automatically.',
    ordered: true,
    points: [
      'Choose the lot size: lots × units per lot is the position size',
      'Choose the leverage: margin = position value ÷ leverage',
      'Watch your risk rate: equity ÷ used margin',
    ],
    link: HELP,
  },
  {
    title: 'Risk management basics: using stop-loss orders',
    desc: 'A stop loss limits how much one trade can cost you.',
    lead: 'A stop-loss order closes your position',
    body: 'automatically when the price reaches a level you choose, so a single move cannot wipe out your account.',
    detail:
      'In fast markets a position may close at a worse price than the stop level. Place stops where your trade idea is proven wrong, not at round numbers everyone else uses.',
    points: [
      'Decide the stop before you open the trade',
      'Risk only a small part of your balance on any one trade',
      'Move stops to break-even once a trade is well in profit',
    ],
    link: HELP,
  },
  {
    title: 'Dow Jones edges higher as earnings season kicks off',
    desc: 'Big banks report solid results, lifting financial shares.',
    lead: 'US stocks opened the earnings season on a positive note',
    body: 'as large banks reported higher net interest income and stable credit quality.',
    detail: 'The Dow Jones Industrial Average gained 0.5%, led by financial and industrial shares.',
    points: [
      'Trading revenue beat expectations at most large banks',
      'Loan-loss provisions rose only slightly',
      'Technology results follow in the next two weeks',
    ],
  },
  {
    title: 'Dollar starts the month firm as yields climb',
    desc: 'The US dollar index opens near a three-month high.',
    lead: 'The dollar extended gains',
    body: 'at the start of the month as rising Treasury yields drew investors back to US assets.',
    detail:
      'Emerging-market currencies came under pressure, while the yen and the euro hovered near recent lows.',
    points: [
      'Ten-year yield rose to 4.45%',
      'The dollar index gained 0.3% on the day',
      'ISM manufacturing data is due later today',
    ],
  },
];

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

function render(seed: NewsSeed, image: string): string {
  const [linkText, href] = seed.link ?? CALENDAR;
  const tag = seed.ordered ? 'ol' : 'ul';
  const items = seed.points.map((p) => `<li>${escapeHtml(p)}</li>`).join('');
  return [
    `<p><strong>${escapeHtml(seed.lead)}</strong> ${escapeHtml(seed.body)}</p>`,
    `<p><img src="${image}" alt="${escapeHtml(seed.title)}"></p>`,
    `<p>${escapeHtml(seed.detail)}</p>`,
    `<${tag}>${items}</${tag}>`,
    `<p>More in our <a href="${href}">${escapeHtml(linkText)}</a>. Trading leveraged products carries a high level of risk.</p>`,
  ].join('\n');
}

const HOUR = 3_600_000;

/**
 * How long before the seeding time item `index` (0 = newest) was published: about a day apart,
 * at varied hours so the list does not look generated. Strictly increasing with the index.
 */
function ageMs(index: number): number {
  return index * 24 * HOUR + ((index * 7) % 11) * HOUR + ((index * 17) % 60) * 60_000 + 35 * 60_000;
}

/** A paged answer of `news/list`. */
export interface NewsPage {
  readonly data: NewsItem[];
  readonly total: number;
}

/**
 * The seeded news of category 1, dated backwards from `seededAt` (ms), under the items
 * `published` since (newest first, as `published()` gives them back). Ids grow with time, so
 * the newest item has the highest id.
 */
export function createNewsArchive(seededAt: number, published: readonly PublishedNews[] = []) {
  const seeded: PublishedNews[] = SEEDS.map((seed, index) => {
    const id = SEEDS.length - index;
    const logo = `/news/${id}.svg`;
    return {
      id,
      title: seed.title,
      desc: seed.desc,
      logo,
      created_at: formatUtc(seededAt - ageMs(index)),
      content: render(seed, logo),
      category_id: NEWS_CATEGORY,
    };
  });
  // Newest first: what was published, then the seed.
  const fresh = published.slice(0, PUBLISHED_NEWS_LIMIT);
  const byId = new Map([...fresh, ...seeded].map((item) => [item.id, item]));

  const detailOf = ({ category_id: _category, ...detail }: PublishedNews): NewsDetail => detail;

  return {
    /** Page `page` (from 1) of `categoryId`, newest first. */
    page(categoryId: number, page: number): NewsPage {
      const items = [...fresh, ...seeded].filter((item) => item.category_id === categoryId);
      const start = (page - 1) * NEWS_PAGE_SIZE;
      const data = items
        .slice(start, start + NEWS_PAGE_SIZE)
        .map(({ content: _content, category_id: _category, ...item }) => item);
      return { data, total: items.length };
    },
    /** One item with its HTML content. */
    find(id: number): NewsDetail | undefined {
      const item = byId.get(id);
      return item && detailOf(item);
    },
    /**
     * Publishes `draft` at `now` (ms) as the newest item, under the next id; beyond
     * {@link PUBLISHED_NEWS_LIMIT} the oldest published item is dropped.
     */
    publish(draft: NewsDraft, now: number): PublishedNews {
      const id = Math.max(0, ...byId.keys()) + 1;
      const item: PublishedNews = { id, ...draft, created_at: formatUtc(now) };
      fresh.unshift(item);
      byId.set(id, item);
      for (const dropped of fresh.splice(PUBLISHED_NEWS_LIMIT)) byId.delete(dropped.id);
      return item;
    },
    /** The published items, newest first: what a restart hands back to the archive. */
    published: (): PublishedNews[] => [...fresh],
  };
}
export type NewsArchive = ReturnType<typeof createNewsArchive>;
