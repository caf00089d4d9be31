import { describe, expect, it } from 'vitest';
import { type LabelBox, type LabelLayout, type LayoutTerms, layoutLabels } from './label-layout.js';

const terms: LayoutTerms = { height: 200, gap: 4, maxStack: 4, groupHeight: 22, open: [] };
const box = (id: string, y: number, height = 22): LabelBox => ({ id, y, height });

/** Every shown label's and group's [top, bottom], top to bottom. */
function spans(layout: LabelLayout, boxes: readonly LabelBox[], groupHeight = 22) {
  const heights = new Map(boxes.map((item) => [item.id, item.height]));
  return [
    ...[...layout.labels].map(([id, { y }]) => {
      const half = (heights.get(id) ?? 0) / 2;
      return [y - half, y + half] as const;
    }),
    ...layout.groups.map(({ y }) => [y - groupHeight / 2, y + groupHeight / 2] as const),
  ].sort((a, b) => a[0] - b[0]);
}

function expectApart(layout: LabelLayout, boxes: readonly LabelBox[], gap = terms.gap) {
  const all = spans(layout, boxes);
  for (let at = 1; at < all.length; at++) {
    const [top] = all[at] ?? [0, 0];
    const [, bottom] = all[at - 1] ?? [0, 0];
    expect(top).toBeGreaterThanOrEqual(bottom + gap - 1e-9);
  }
}

describe('layoutLabels', () => {
  it('leaves labels far apart on their lines', () => {
    const boxes = [box('a', 30), box('b', 100), box('c', 170)];
    const layout = layoutLabels(boxes, terms);
    expect([...layout.labels]).toEqual([
      ['a', { y: 30, stacked: false }],
      ['b', { y: 100, stacked: false }],
      ['c', { y: 170, stacked: false }],
    ]);
    expect(layout.groups).toEqual([]);
  });

  it('stacks two touching labels around their lines, a gap apart', () => {
    const boxes = [box('entry', 100), box('pending', 110)];
    const layout = layoutLabels(boxes, terms);
    // 26 px between centres, centred on the two lines' middle (105).
    expect(layout.labels.get('entry')).toEqual({ y: 92, stacked: true });
    expect(layout.labels.get('pending')).toEqual({ y: 118, stacked: true });
    expectApart(layout, boxes);
  });

  it('orders a stack by price place, whatever order the lines come in', () => {
    const layout = layoutLabels([box('low', 110), box('high', 100)], terms);
    expect(layout.labels.get('high')?.y).toBeLessThan(layout.labels.get('low')?.y ?? 0);
  });

  it('keeps a stack at the pane’s edge inside the pane', () => {
    const boxes = [box('a', 2), box('b', 4), box('c', 198)];
    const layout = layoutLabels(boxes, terms);
    expect(layout.labels.get('a')?.y).toBe(11);
    expect(layout.labels.get('b')?.y).toBe(37);
    expect(layout.labels.get('c')?.y).toBe(189);
    expectApart(layout, boxes);
  });

  it('joins a stack that grows into the next one', () => {
    // a and b push each other apart into c: all three end up in one stack.
    const boxes = [box('a', 90), box('b', 92), box('c', 120)];
    const layout = layoutLabels(boxes, terms);
    expectApart(layout, boxes);
    expect([...layout.labels.values()].every((label) => label.stacked)).toBe(true);
  });

  it('collapses more labels than a stack holds into one group at their middle', () => {
    const boxes = ['a', 'b', 'c', 'd', 'e'].map((id, at) => box(id, 100 + at));
    const layout = layoutLabels(boxes, terms);
    expect(layout.labels.size).toBe(0);
    expect(layout.groups).toEqual([{ ids: ['a', 'b', 'c', 'd', 'e'], y: 102, open: false }]);
  });

  it('collapses a stack taller than the pane', () => {
    const boxes = [box('a', 30), box('b', 31), box('c', 32)];
    const layout = layoutLabels(boxes, { ...terms, height: 60 });
    expect(layout.groups.map((group) => group.ids)).toEqual([['a', 'b', 'c']]);
  });

  it('collapses the crowded stack only: a label clear of it keeps its place', () => {
    const boxes = [...['a', 'b', 'c', 'd', 'e'].map((id) => box(id, 60)), box('f', 180)];
    const layout = layoutLabels(boxes, terms);
    expect(layout.groups.map((group) => [group.ids.length, group.y])).toEqual([[5, 60]]);
    expect(layout.labels.get('f')).toEqual({ y: 180, stacked: false });
    expectApart(layout, boxes);
  });

  it('opens a group: its head over its labels, all stacked, none collapsed', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const boxes = ids.map((id) => box(id, 100));
    const layout = layoutLabels(boxes, { ...terms, height: 400, open: ids });
    expect(layout.labels.size).toBe(5);
    const [group] = layout.groups;
    expect(group?.open).toBe(true);
    expect(group?.ids).toEqual(ids);
    expect(group?.y).toBeLessThan(Math.min(...[...layout.labels.values()].map((l) => l.y)));
    expectApart(layout, boxes);
  });

  it('never collapses the stack of the label being dragged', () => {
    const boxes = ['a', 'b', 'c', 'd', 'e'].map((id) => box(id, 100));
    const layout = layoutLabels(boxes, { ...terms, height: 400, pinned: 'c' });
    expect(layout.groups).toEqual([]);
    expect(layout.labels.size).toBe(5);
    expectApart(layout, boxes);
  });

  it('gives the same layout for the same input', () => {
    const boxes = [box('b', 100), box('a', 100), box('c', 101)];
    expect(layoutLabels(boxes, terms)).toEqual(layoutLabels([...boxes].reverse(), terms));
  });
});
