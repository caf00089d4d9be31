/**
 * Where the order lines' labels go so that none hides another, as a pure function: each label
 * wants to sit centred on its line's price; labels that would touch are stacked (nudged apart
 * as little as the stack allows, the stack centred on its lines and kept inside the pane), and a
 * stack of more labels than `maxStack`, or one taller than the pane, is collapsed into one group
 * label at the middle of its lines. The group the trader opened is never collapsed (its head
 * sits on top of its labels, stacked like them), nor the label being dragged.
 */

/** A label to place: its line's id, the y of the line's price and its own height, px. */
export interface LabelBox {
  readonly id: string;
  readonly y: number;
  readonly height: number;
}

export interface LayoutTerms {
  /** The pane's height, px: every label stays inside it. */
  readonly height: number;
  /** Clear space between stacked labels, px. */
  readonly gap: number;
  /** A stack of more labels than this is collapsed into a group. */
  readonly maxStack: number;
  /** A group label's height, px. */
  readonly groupHeight: number;
  /** The ids of the group the trader opened, if any. */
  readonly open: readonly string[];
  /** A label never collapsed, nor any stack it is in (the one being dragged), if any. */
  readonly pinned?: string;
}

/** Where a label's centre goes, and whether it is in a stack (its neighbours close). */
export interface PlacedLabel {
  readonly y: number;
  readonly stacked: boolean;
}

/** A group label: the lines it holds, where its centre goes, and whether it is open. */
export interface LabelGroup {
  /** The ids of its lines, top to bottom: the group's identity is this list joined. */
  readonly ids: readonly string[];
  readonly y: number;
  readonly open: boolean;
}

export interface LabelLayout {
  /** Labels on show, by id; a label in a closed group is not here. */
  readonly labels: ReadonlyMap<string, PlacedLabel>;
  readonly groups: readonly LabelGroup[];
}

/** One thing that takes room: a label, or a group label standing for some. */
interface Unit {
  readonly ids: readonly string[];
  readonly kind: 'label' | 'group';
  readonly open: boolean;
  /** Where the unit wants its centre. */
  readonly target: number;
  readonly height: number;
}

interface Block {
  units: Unit[];
  top: number;
  size: number;
}

/** Units stacked into blocks that do not touch, each centred on its units and inside the pane. */
function stack(units: readonly Unit[], terms: LayoutTerms): Block[] {
  const blocks: Block[] = [];
  for (const unit of units) {
    let block: Block = { units: [unit], top: unit.target - unit.height / 2, size: unit.height };
    block.top = clampTop(block.top, block.size, terms.height);
    let previous = blocks.at(-1);
    while (previous && previous.top + previous.size + terms.gap > block.top) {
      blocks.pop();
      const merged = [...previous.units, ...block.units];
      const size =
        merged.reduce((sum, item) => sum + item.height, 0) + terms.gap * (merged.length - 1);
      block = {
        units: merged,
        top: clampTop(centredTop(merged, terms.gap), size, terms.height),
        size,
      };
      previous = blocks.at(-1);
    }
    blocks.push(block);
  }
  return blocks;
}

/** The top of a stack of `units` that puts their centres, on average, on their targets. */
function centredTop(units: readonly Unit[], gap: number): number {
  let offset = 0;
  let sum = 0;
  for (const unit of units) {
    sum += unit.target - (offset + unit.height / 2);
    offset += unit.height + gap;
  }
  return sum / units.length;
}

/** A block's top moved inside the pane (a block taller than the pane starts at its top). */
function clampTop(top: number, size: number, height: number): number {
  return Math.max(0, Math.min(top, height - size));
}

/**
 * Where each label of `boxes` goes, and which are grouped. Deterministic in its input; the same
 * lines at the same places give the same layout, so a caller can skip it when nothing moved.
 */
export function layoutLabels(boxes: readonly LabelBox[], terms: LayoutTerms): LabelLayout {
  const sorted = [...boxes].sort((a, b) => a.y - b.y || (a.id < b.id ? -1 : 1));
  const openIds = new Set(terms.open);
  const opened = sorted.filter((box) => openIds.has(box.id));
  let units: Unit[] = sorted.map((box) => ({
    ids: [box.id],
    kind: 'label',
    open: openIds.has(box.id) || box.id === terms.pinned,
    target: box.y,
    height: box.height,
  }));
  // An open group's head goes just above its first line, and stacks with its labels.
  if (opened.length > 1) {
    const first = opened[0] as LabelBox;
    const head: Unit = {
      ids: opened.map((box) => box.id),
      kind: 'group',
      open: true,
      target: first.y - (first.height + terms.groupHeight) / 2 - terms.gap,
      height: terms.groupHeight,
    };
    units = [...units, head].sort((a, b) => a.target - b.target);
  }
  for (;;) {
    const blocks = stack(units, terms);
    const crowded = blocks.find(
      (block) =>
        block.units.length > 1 &&
        !block.units.some((unit) => unit.open) &&
        (block.units.length > terms.maxStack || block.size > terms.height),
    );
    if (!crowded) return placed(blocks, terms.gap);
    const ids = crowded.units.flatMap((unit) => unit.ids);
    const group: Unit = {
      ids,
      kind: 'group',
      open: false,
      target: crowded.units.reduce((sum, unit) => sum + unit.target, 0) / crowded.units.length,
      height: terms.groupHeight,
    };
    units = units.filter((unit) => !crowded.units.includes(unit));
    units.push(group);
    units.sort((a, b) => a.target - b.target);
  }
}

function placed(blocks: readonly Block[], gap: number): LabelLayout {
  const labels = new Map<string, PlacedLabel>();
  const groups: LabelGroup[] = [];
  for (const block of blocks) {
    let top = block.top;
    const stacked = block.units.length > 1;
    for (const unit of block.units) {
      const y = top + unit.height / 2;
      if (unit.kind === 'group') groups.push({ ids: unit.ids, y, open: unit.open });
      else labels.set(unit.ids[0] as string, { y, stacked });
      top += unit.height + gap;
    }
  }
  return { labels, groups };
}
