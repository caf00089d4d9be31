import { describe, expect, it } from 'vitest';
import { NEWS_CATEGORY, newsDetailSchema, newsItemSchema } from '../../schemas/content.js';
import { formatUtc } from '../time.js';
import {
  createNewsArchive,
  NEWS_PAGE_SIZE,
  newsDraftSchema,
  PUBLISHED_NEWS_LIMIT,
} from './news.js';

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

  it('publishes a draft as the newest item, under the next id, with its HTML as sent', () => {
    const archive = createNewsArchive(SEEDED_AT);
    const before = archive.page(NEWS_CATEGORY, 1);
    const hostile = '<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>';
    const now = SEEDED_AT + 60_000;
    const item = archive.publish(
      newsDraftSchema.parse({ title: 'Breaking', content: hostile }),
      now,
    );
    expect(item).toEqual({
      id: before.total + 1,
      title: 'Breaking',
      desc: '',
      logo: '',
      content: hostile,
      created_at: formatUtc(now),
      category_id: NEWS_CATEGORY,
    });
    const after = archive.page(NEWS_CATEGORY, 1);
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]).toEqual({
      id: item.id,
      title: 'Breaking',
      desc: '',
      logo: '',
      created_at: formatUtc(now),
    });
    expect(archive.find(item.id)).toEqual({
      id: item.id,
      title: 'Breaking',
      desc: '',
      logo: '',
      created_at: formatUtc(now),
      content: hostile,
    });
    // The seed is pushed down a place, not replaced.
    expect(after.data[1]).toEqual(before.data[0]);
    expect(archive.published()).toEqual([item]);
  });

  it('lists a draft of another category under that category only', () => {
    const archive = createNewsArchive(SEEDED_AT);
    const total = archive.page(NEWS_CATEGORY, 1).total;
    const item = archive.publish(
      newsDraftSchema.parse({ title: 'Other', content: '<p>x</p>', category_id: 2 }),
      SEEDED_AT,
    );
    expect(archive.page(2, 1)).toEqual({
      data: [{ id: item.id, title: 'Other', desc: '', logo: '', created_at: item.created_at }],
      total: 1,
    });
    expect(archive.page(NEWS_CATEGORY, 1).total).toBe(total);
  });

  it('starts again from what it published, and keeps at most PUBLISHED_NEWS_LIMIT of it', () => {
    const first = createNewsArchive(SEEDED_AT);
    const draft = newsDraftSchema.parse({ title: 'Again', content: '<p>again</p>' });
    const a = first.publish(draft, SEEDED_AT + 1_000);
    const b = first.publish(draft, SEEDED_AT + 2_000);
    const reopened = createNewsArchive(SEEDED_AT, first.published());
    expect(
      reopened
        .page(NEWS_CATEGORY, 1)
        .data.slice(0, 2)
        .map((i) => i.id),
    ).toEqual([b.id, a.id]);
    expect(reopened.publish(draft, SEEDED_AT + 3_000).id).toBe(b.id + 1);

    for (let n = 0; n < PUBLISHED_NEWS_LIMIT; n++) reopened.publish(draft, SEEDED_AT + 4_000 + n);
    const kept = reopened.published();
    expect(kept).toHaveLength(PUBLISHED_NEWS_LIMIT);
    expect(kept.map((i) => i.id)).not.toContain(a.id);
    expect(reopened.find(a.id)).toBeUndefined();
    expect(reopened.find(1)).toBeDefined();
  });

  it('refuses drafts it cannot publish', () => {
    expect(newsDraftSchema.safeParse({ content: '<p>x</p>' }).success).toBe(false);
    expect(newsDraftSchema.safeParse({ title: '  ', content: '' }).success).toBe(false);
    expect(newsDraftSchema.safeParse({ title: 't', content: 'x'.repeat(60_001) }).success).toBe(
      false,
    );
    expect(
      newsDraftSchema.safeParse({ title: 't', content: '', logo: 'javascript:alert(1)' }).success,
    ).toBe(false);
    expect(newsDraftSchema.safeParse({ title: 't', content: '', extra: 1 }).success).toBe(false);
  });
});
