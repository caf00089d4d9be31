import { formatPrice, type Order } from '@pipstream/protocol';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { lotCount } from '../../../i18n/lots.js';
import { useOrderSignals } from '../../../live/hooks.js';
import { trading } from '../../../state/trading.js';
import { confirm, showToast } from '../../../state/ui.js';
import { saveStops } from '../../order/actions.js';
import type { ChartColours, ChartController, ChartLevel } from './controller.js';
import { LineGroup } from './LineGroup.js';
import { type Draft, LineLabel } from './LineLabel.js';
import { type LabelGroup, layoutLabels } from './label-layout.js';
import { currentPrice, issueText, money } from './line-text.js';
import {
  checkDraft,
  levelsWith,
  type OrderLine,
  orderLines,
  priceStep,
  snapPrice,
  stopOfDrag,
} from './order-lines.js';

/** How long a saved level waits to show in the re-read orders before it is let go. */
const SAVED_WAIT_MS = 5000;
/** A label's height (chart-line in trade.css), the group label's too. */
const LABEL_PX = 22;
/** Half a label's height: a level off the pane keeps its label this far inside. */
const LABEL_HALF_PX = LABEL_PX / 2;
/** Clear space between stacked labels, px. */
const STACK_GAP_PX = 3;
/** More labels than this in one stack collapse into a group label. */
const MAX_STACK = 4;

export interface OrderLinesLayerProps {
  readonly chart: ChartController;
  readonly instrumentId: number;
  readonly colours: ChartColours;
  /** Calls back after every draw of the chart (the price scale may have moved). */
  readonly subscribeDrawn: (listener: () => void) => () => void;
}

/**
 * The trader's orders on the chart: each holding's entry (with its live P&L), stop loss and
 * take profit, and each pending order's target, as lines drawn by the chart and labels over it
 * that move with the price scale. A holding's stop loss and take profit can be dragged (or
 * pulled out of its entry line) to a new level, and moved with the arrow keys: the label shows
 * the level and its estimated P&L as it moves; a level on the wrong side of the price is
 * refused with a message before anything is sent; any other asks for confirmation and is sent
 * as `set_stop_price`.
 */
export function OrderLinesLayer({
  chart,
  instrumentId,
  colours,
  subscribeDrawn,
}: OrderLinesLayerProps) {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const { holding, pending } = useSnapshot(trading);
  const { closedIds } = useOrderSignals();
  const [draft, setDraftState] = useState<Draft | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const setDraft = useCallback((next: Draft | null) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);
  const [message, setMessage] = useState('');
  const layer = useRef<HTMLFieldSetElement>(null);
  const labels = useRef(new Map<string, HTMLElement>());
  /** Each label's height, measured when the lines change (not at every tick). */
  const heights = useRef(new Map<string, number>());
  /** The layout's input last laid out: a draw that moved no line lays out nothing. */
  const laidOut = useRef('');
  const [groups, setGroups] = useState<readonly LabelGroup[]>([]);
  const groupsRef = useRef(groups);
  const groupButtons = useRef(new Map<string, HTMLElement>());
  /** The ids of the group the trader opened. */
  const [open, setOpen] = useState<readonly string[]>([]);
  const openRef = useRef(open);
  openRef.current = open;

  const lines = useMemo(
    () =>
      orderLines(
        instrumentId,
        holding as readonly Order[],
        pending as readonly Order[],
        new Set(closedIds),
        draft,
      ),
    [instrumentId, holding, pending, closedIds, draft],
  );
  const linesRef = useRef(lines);
  linesRef.current = lines;

  // The chart draws the lines; the one being set is drawn thicker.
  useEffect(() => {
    const levels: ChartLevel[] = lines.map((line) => ({
      price: line.price,
      colour:
        line.kind === 'pending'
          ? colours.accent
          : line.kind === 'takeProfit' || (line.kind === 'entry' && line.side === 'buy')
            ? colours.up
            : colours.down,
      dash: line.kind === 'entry' ? [] : line.kind === 'pending' ? [2, 3] : [6, 4],
      emphasis: draft?.orderId === line.order.Id && draft.kind === line.kind,
    }));
    chart.setLevels(levels);
  }, [chart, lines, draft, colours]);

  useEffect(() => () => chart.setLevels([]), [chart]);

  /** Writes each group label's place (its composition is React's, its place this). */
  const placeGroups = useCallback(() => {
    for (const group of groupsRef.current) {
      const button = groupButtons.current.get(groupKey(group));
      if (button) button.style.transform = `translateY(${Math.round(group.y)}px)`;
    }
  }, []);

  // Labels follow the price scale at every draw, stacked or grouped so that none hides
  // another; the layout runs only when a line moved on screen or the lines changed.
  const place = useCallback(() => {
    const box = chart.plotBox();
    const element = layer.current;
    if (!box || !element) return;
    const frame = `${box.left}px,${box.top}px,${box.width}px,${box.height}px`;
    if (element.dataset.frame !== frame) {
      element.dataset.frame = frame;
      Object.assign(element.style, {
        left: `${box.left}px`,
        top: `${box.top}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
      });
    }
    const wanted: { id: string; y: number; height: number; edge: string }[] = [];
    const dragged = draftRef.current;
    const pinned = dragged ? `${dragged.orderId}:${dragged.kind}` : undefined;
    let key = `${box.height}|${openRef.current.join(' ')}|${pinned}`;
    for (const line of linesRef.current) {
      const y = chart.yOf(line.price);
      if (y === null || !labels.current.has(line.id)) continue;
      // A level off the pane keeps its label at the edge, inside it.
      const at = Math.round(Math.min(box.height - LABEL_HALF_PX, Math.max(LABEL_HALF_PX, y)));
      const edge = y < 0 ? 'above' : y > box.height ? 'below' : 'in';
      const height = heights.current.get(line.id) || LABEL_PX;
      wanted.push({ id: line.id, y: at, height, edge });
      key += `|${line.id}:${at}:${height}:${edge}`;
    }
    if (key === laidOut.current) return;
    laidOut.current = key;
    const layout = layoutLabels(wanted, {
      height: box.height,
      gap: STACK_GAP_PX,
      maxStack: MAX_STACK,
      groupHeight: LABEL_PX,
      open: openRef.current,
      pinned,
    });
    for (const { id, y, edge } of wanted) {
      const label = labels.current.get(id);
      if (!label) continue;
      const spot = layout.labels.get(id);
      label.dataset.grouped = String(spot === undefined);
      if (label.dataset.edge !== edge) label.dataset.edge = edge;
      if (!spot) continue;
      const at = Math.round(spot.y);
      label.dataset.stacked = String(spot.stacked);
      label.style.transform = `translateY(${at}px)`;
      // A label nudged off its line points back to it.
      const leader = y - at;
      label.style.setProperty('--leader-shift', `${Math.min(0, leader)}px`);
      label.style.setProperty('--leader-size', `${Math.abs(leader)}px`);
    }
    // Only a change of which groups there are renders; their places are written below.
    if (!sameGroups(groupsRef.current, layout.groups)) setGroups(layout.groups);
    groupsRef.current = layout.groups;
    placeGroups();
  }, [chart, placeGroups]);

  useLayoutEffect(() => {
    void groups;
    placeGroups();
  }, [groups, placeGroups]);

  useEffect(() => subscribeDrawn(place), [subscribeDrawn, place]);
  useLayoutEffect(() => {
    void lines;
    void open;
    for (const [id, label] of labels.current) heights.current.set(id, label.offsetHeight);
    laidOut.current = '';
    place();
  }, [lines, open, place]);

  // An open group closes with Escape, a tap anywhere else, or once fewer than two of its lines
  // are left.
  useEffect(() => {
    if (open.length === 0) return;
    const ids = new Set(lines.map((line) => line.id));
    if (open.filter((id) => ids.has(id)).length < 2) {
      setOpen([]);
      return;
    }
    const head = () => {
      const group = groupsRef.current.find((item) => item.open);
      return group ? groupButtons.current.get(groupKey(group)) : undefined;
    };
    const inside = (target: EventTarget | null) =>
      target instanceof Node &&
      [...open.map((id) => labels.current.get(id)), head()].some((element) =>
        element?.contains(target),
      );
    const onPointer = (event: PointerEvent) => {
      if (!inside(event.target)) setOpen([]);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const button = head();
      setOpen([]);
      button?.focus();
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, lines]);

  // A saved level stays drawn until the re-read orders carry it (or a while has passed).
  useEffect(() => {
    if (draft?.phase !== 'saving') return;
    const order = (holding as readonly Order[]).find((item) => item.Id === draft.orderId);
    const shown = order && levelsWith(order, null)[draft.kind] === draft.price;
    if (!order || shown) {
      setDraft(null);
      return;
    }
    const timer = setTimeout(() => setDraft(null), SAVED_WAIT_MS);
    return () => clearTimeout(timer);
  }, [draft, holding, setDraft]);

  const refuse = useCallback((text: string) => {
    setMessage(text);
    showToast(text, 'error');
  }, []);

  /** Ends a drag or keyboard move: refuses a wrong level, else asks, then sends. */
  const finish = useCallback(
    async (line: OrderLine) => {
      const current = draftRef.current;
      if (current === null || current.phase !== 'moving') return;
      const order = line.order as Order;
      const price = currentPrice(line);
      if (price === undefined) {
        setDraft(null);
        refuse(t('web.trade.lines.no_price'));
        return;
      }
      const check = checkDraft(order, current, price);
      if (check.issue !== null) {
        setDraft(null);
        refuse(issueText(check.issue, line, current.kind, t));
        return;
      }
      setDraft({ ...current, phase: 'confirming' });
      const params = {
        code: order.ForexTradeLists.ShowCode,
        side: t(line.side === 'buy' ? 'web.order.buy' : 'web.order.sell'),
        lots: lotCount(order.Quantity, language, t),
        price: decimal(formatPrice(current.price, order.ForexTradeLists.PricePrecision)),
        pnl: money(check.pnl, decimal, t),
      };
      const stopLoss = current.kind === 'stopLoss';
      const ok = await confirm({
        message: stopLoss
          ? t('web.trade.lines.confirm_stop_loss', params)
          : t('web.trade.lines.confirm_take_profit', params),
        confirmLabel: stopLoss
          ? t('web.trade.lines.set_stop_loss')
          : t('web.trade.lines.set_take_profit'),
        cancelLabel: t('web.common.cancel'),
        danger: false,
      });
      if (!ok) {
        setDraft(null);
        return;
      }
      setDraft({ ...current, phase: 'saving' });
      const levels = levelsWith(order, current);
      const saved = await saveStops(order, levels.takeProfit, levels.stopLoss);
      if (!saved) setDraft(null);
    },
    [decimal, language, refuse, setDraft, t],
  );

  /** Moves the draft of `line` to `price` (snapped), choosing the stop a drag sets. */
  const moveTo = useCallback(
    (line: OrderLine, price: number) => {
      const order = line.order;
      const snapped = snapPrice(order, price);
      const from = line.kind === 'entry' ? order.Price : line.price;
      const kind = stopOfDrag(
        order,
        line.kind,
        snapped === from ? from + priceStep(order) : snapped,
      );
      if (kind === null) return;
      setMessage('');
      setDraft({ orderId: order.Id, kind, price: snapped, phase: 'moving' });
    },
    [setDraft],
  );

  const busy = draft !== null && draft.phase !== 'moving';

  // A visitor, or a trader with nothing on this instrument, gets no empty group to read out.
  if (lines.length === 0 && message === '') return null;
  return (
    <fieldset ref={layer} className="chart-lines" aria-label={t('web.trade.lines.group')}>
      {lines.map((line) => (
        <LineLabel
          key={line.id}
          line={line}
          draft={draft}
          busy={busy}
          register={(element) => {
            if (element) labels.current.set(line.id, element);
            else labels.current.delete(line.id);
          }}
          chart={chart}
          onMove={moveTo}
          onFinish={finish}
          onCancel={() => setDraft(null)}
        />
      ))}
      {groups.map((group) => (
        <LineGroup
          key={groupKey(group)}
          group={group}
          register={(element) => {
            if (element) groupButtons.current.set(groupKey(group), element);
            else groupButtons.current.delete(groupKey(group));
          }}
          onToggle={() => setOpen(group.open ? [] : group.ids)}
        />
      ))}
      <p className="visually-hidden" aria-live="polite">
        {message}
      </p>
    </fieldset>
  );
}

/** A group label's identity: its lines' ids. */
function groupKey(group: LabelGroup): string {
  return group.ids.join(' ');
}

/** Whether two layouts hold the same groups (their places aside). */
function sameGroups(a: readonly LabelGroup[], b: readonly LabelGroup[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (group, at) =>
        group.open === b[at]?.open && groupKey(group) === groupKey(b[at] as LabelGroup),
    )
  );
}
