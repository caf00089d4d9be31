/**
 * From a scenario to what each browser does and what each generator takes: browsers dealt
 * round robin (so every generator has the same mix of charts, logins and source addresses),
 * the ramp and the REST rate split as evenly as whole numbers allow.
 */
import type { Topic } from '@pipstream/protocol';
import type { BrowserPlan } from '../sockets/browser.js';

/** Whether item `index` is among the `share` of items, spread evenly (not the first ones). */
export function inShare(index: number, share: number): boolean {
  return Math.floor((index + 1) * share) > Math.floor(index * share);
}

/** How many of `count` items `inShare` picks. */
export function shareCount(count: number, share: number): number {
  return Math.floor(count * share);
}

export interface BrowserMix {
  readonly sockets: number;
  /** Share of the browsers with a chart open, each on one of `chartTopics`. */
  readonly charts: number;
  readonly chartTopics: readonly Topic[];
  readonly loggedIn: number;
  readonly tokens: readonly string[];
  readonly source?: readonly string[] | undefined;
}

export function browserPlans(mix: BrowserMix): BrowserPlan[] {
  let chart = 0;
  let login = 0;
  return Array.from({ length: mix.sockets }, (_, i) => {
    const topics: Topic[] = ['DAY_MARKET'];
    const chartTopic = mix.chartTopics[chart % Math.max(1, mix.chartTopics.length)];
    if (inShare(i, mix.charts) && chartTopic !== undefined) {
      topics.push(chartTopic);
      chart++;
    }
    const token =
      inShare(i, mix.loggedIn) && mix.tokens.length > 0
        ? mix.tokens[login++ % mix.tokens.length]
        : undefined;
    const localAddress = mix.source?.[i % mix.source.length];
    return { topics, token, localAddress };
  });
}

/** Deals `items` round robin into `parts` lists. */
export function deal<T>(items: readonly T[], parts: number): T[][] {
  const dealt = Array.from({ length: parts }, (): T[] => []);
  for (const [i, item] of items.entries()) dealt[i % parts]?.push(item);
  return dealt;
}

/** Splits a whole `amount` into `parts` whole shares differing by at most one. */
export function splitWhole(amount: number, parts: number): number[] {
  const whole = Math.floor(amount);
  return Array.from(
    { length: parts },
    (_, i) => Math.floor(whole / parts) + (i < whole % parts ? 1 : 0),
  );
}
