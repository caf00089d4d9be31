import { describe, expect, it } from 'vitest';
import { NEWS_CATEGORY, newsDetailSchema, newsItemSchema } from '../../schemas/content.js';
import { formatUtc } from '../time.js';
import { createNewsArchive, NEWS_PAGE_SIZE } from './news.js';

const SEEDED_AT = Date.UTC(2026, 2, 15, 12, 0, 0);
const news = createNewsArchive(SEEDED_AT);

function allItems() {
  const first = news.page(NEWS_CATEGORY, 1);
  const pages = Math.ceil(first.total / NEWS_PAGE_SIZE);
  return Array.from({ length: pages }, (_, i) => news.page(NEWS_CATEGORY, i + 1).data).flat();
}

describe('news archive', () => {
  it('pages by NEWS_PAGE_SIZE with the same total on every page', () => {
    const first = news.page(NEWS_CATEGORY, 1);
    expect(first.total).toBeGreaterThanOrEqual(20);
    expect(first.data).toHaveLength(NEWS_PAGE_SIZE);
    const lastPage = Math.ceil(first.total / NEWS_PAGE_SIZE);
    const last = news.page(NEWS_CATEGORY, lastPage);
    expect(last.total).toBe(first.total);
    expect(last.data).toHaveLength(first.total - (lastPage - 1) * NEWS_PAGE_SIZE);
    expect(news.page(NEWS_CATEGORY, lastPage + 1)).toEqual({ data: [], total: first.total });
  });

  it('lists every item once, newest first, dated in the past from the seeding time', () => {
    const items = allItems();
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items).toHaveLength(news.page(NEWS_CATEGORY, 1).total);
    const dates = items.map((i) => i.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates.every((d) => d < formatUtc(SEEDED_AT))).toBe(true);
    // Spread over weeks, not bunched into one day.
    const oldest = dates.at(-1) ?? '';
    expect(oldest.slice(0, 10)).not.toBe(dates[0]?.slice(0, 10));
    expect(oldest < formatUtc(SEEDED_AT - 14 * 86_400_000)).toBe(true);
  });

  it('gives list items without content, each with its own logo', () => {
    for (const item of allItems()) {
      expect(newsItemSchema.strict().parse(item)).toEqual(item);
      expect(item.logo).toBe(`/news/${item.id}.svg`);
      expect(item.title.length).toBeGreaterThan(10);
      expect(item.desc.length).toBeGreaterThan(10);
    }
  });

  it('has rich HTML content for every item', () => {
    for (const { id } of allItems()) {
      const detail = news.find(id);
      expect(detail).toBeDefined();
      const { content } = newsDetailSchema.parse(detail);
      expect(content).toMatch(/<p>/);
      expect(content).toMatch(/<img src="\/news\/\d+\.svg" alt="[^"]+">/);
      expect(content).toMatch(/<(ul|ol)><li>/);
      expect(content).toMatch(/<strong>[^<]+<\/strong>/);
      expect(content).toMatch(/<a href="https:\/\/[^"]+">/);
    }
    const contents = allItems().map(({ id }) => news.find(id)?.content ?? '');
    expect(contents.some((c) => c.includes('<ol>'))).toBe(true);
    expect(contents.some((c) => c.includes('<ul>'))).toBe(true);
  });

  it('escapes text that would otherwise be markup', () => {
    const withAmpersand = allItems()
      .map(({ id }) => news.find(id))
      .find((d) => d?.content.includes('S&amp;P 500'));
    expect(withAmpersand).toBeDefined();
    expect(withAmpersand?.content).not.toMatch(/S&P/);
  });

  it('has nothing in other categories and nothing at unknown ids', () => {
    expect(news.page(2, 1)).toEqual({ data: [], total: 0 });
    expect(news.find(0)).toBeUndefined();
    expect(news.find(10_000)).toBeUndefined();
  });
});
