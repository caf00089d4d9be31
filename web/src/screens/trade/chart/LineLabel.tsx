import { formatBalance, formatPrice, lotsText } from '@pipstream/protocol';
import { type KeyboardEvent, type PointerEvent, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../../i18n/FormatProvider.js';
import { lotCount } from '../../../i18n/lots.js';
import { useHoldingPaint } from '../../../live/hooks.js';
import { trailingStops } from '../../../state/trailing-state.js';
import type { HoldingView } from '../../../worker/contract.js';
import type { ChartController } from './controller.js';
import {
  currentPrice,
  FIGURE_SLOT,
  issueText,
  money,
  type Translate,
  withFigure,
} from './line-text.js';
import {
  checkDraft,
  type LineKind,
  type OrderLine,
  priceStep,
  type StopDraft,
  type StopKind,
} from './order-lines.js';

/** A drag in progress, or a level waiting for confirmation or for the server. */
export interface Draft extends StopDraft {
  readonly phase: 'moving' | 'confirming' | 'saving';
}

/** A drag of this many px or more sets a level; less is a tap. */
const DRAG_SLOP = 4;
/** Keyboard steps of one press of PageUp / PageDown. */
const PAGE_STEPS = 10;

export interface LineLabelProps {
  readonly line: OrderLine;
  readonly draft: Draft | null;
  readonly busy: boolean;
  readonly register: (element: HTMLElement | null) => void;
  readonly chart: ChartController;
  readonly onMove: (line: OrderLine, price: number) => void;
  readonly onFinish: (line: OrderLine) => void;
  readonly onCancel: () => void;
}

/**
 * The short name on a label: the side of an entry, SL (a trailing one says so), TP, or the side
 * of a pending order.
 */
function tagOf(kind: LineKind, side: string, trailing: boolean, t: Translate): string {
  switch (kind) {
    case 'stopLoss':
      return trailing ? t('web.trailing.line_tag') : t('web.trade.lines.tag_stop_loss');
    case 'takeProfit':
      return t('web.trade.lines.tag_take_profit');
    case 'pending':
      return t('web.trade.lines.tag_pending', { side });
    default:
      return side;
  }
}

/** One line's label: its name and figures, the handle that drags it, and its accessible name. */
export function LineLabel({
  line,
  draft,
  busy,
  register,
  chart,
  onMove,
  onFinish,
  onCancel,
}: LineLabelProps) {
  const { t } = useTranslation();
  const { decimal, language } = useFormat();
  const { order } = line;
  const precision = order.ForexTradeLists.PricePrecision;
  const priceText = decimal(formatPrice(line.price, precision));
  const side = t(line.side === 'buy' ? 'web.order.buy' : 'web.order.sell');
  // The label shows the figure; its accessible name says the lots in words.
  const lotsFigure = decimal(lotsText(order.Quantity));
  const lots = lotCount(order.Quantity, language, t);
  const ownDraft = draft?.orderId === order.Id ? draft : null;
  const drafting = ownDraft?.kind === line.kind;
  const drag = useRef<{ top: number; startY: number; moved: boolean } | null>(null);
  const element = useRef<HTMLDivElement | null>(null);
  const trailingNow = useSnapshot(trailingStops).byOrder;
  const trailing = line.kind === 'stopLoss' && trailingNow[order.Id] !== undefined;

  /** A stop level's accessible text and its estimated P&L; its refusal while it moves. */
  const describe = (kind: StopKind, price: number) => {
    const check = checkDraft(
      order,
      { orderId: order.Id, kind, price },
      currentPrice(line) ?? price,
    );
    const pnl = money(check.pnl, decimal, t);
    const params = { price: decimal(formatPrice(price, precision)), pnl };
    return {
      pnl,
      text:
        kind === 'stopLoss'
          ? trailing
            ? t('web.trailing.line_label', params)
            : t('web.trade.lines.stop_loss', params)
          : t('web.trade.lines.take_profit', params),
      issue: check.issue,
    };
  };

  let name = '';
  let estimate = '';
  let problem = '';
  if (line.kind === 'stopLoss' || line.kind === 'takeProfit') {
    const described = describe(line.kind, line.price);
    name = described.text;
    estimate = described.pnl;
    if (drafting && ownDraft?.phase === 'moving' && described.issue !== null) {
      problem = issueText(described.issue, line, line.kind, t);
    }
  } else if (line.kind === 'pending') {
    name = t('web.trade.lines.pending', { side, lots, price: priceText });
  }
  // From the entry line, the value is the stop being pulled out of it, once there is one.
  const valueText =
    line.kind === 'entry'
      ? ownDraft
        ? describe(ownDraft.kind, ownDraft.price).text
        : priceText
      : name;

  const setElement = (node: HTMLDivElement | null) => {
    element.current = node;
    register(node);
  };

  const interactive = line.draggable && !busy;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const area = chart.plotArea();
    if (!area) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { top: area.getBoundingClientRect().top, startY: event.clientY, moved: false };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    if (!state.moved && Math.abs(event.clientY - state.startY) < DRAG_SLOP) return;
    state.moved = true;
    const price = chart.priceAt(event.clientY - state.top);
    if (price !== null) onMove(line, price);
  };
  const onPointerUp = () => {
    const state = drag.current;
    drag.current = null;
    if (state?.moved) onFinish(line);
  };
  const onPointerCancel = () => {
    if (drag.current === null) return;
    drag.current = null;
    onCancel();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const steps = { ArrowUp: 1, ArrowDown: -1, PageUp: PAGE_STEPS, PageDown: -PAGE_STEPS }[
      event.key
    ];
    if (steps !== undefined) {
      event.preventDefault();
      const moving = line.kind === 'entry' ? ownDraft : drafting ? ownDraft : null;
      const base = moving ? moving.price : keyboardStart(line, steps);
      onMove(line, base + steps * priceStep(order));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onFinish(line);
    } else if (event.key === 'Escape' && ownDraft) {
      event.preventDefault();
      onCancel();
    }
  };

  const figure =
    line.kind === 'pending'
      ? `${lotsFigure} ${priceText}`
      : line.kind === 'entry'
        ? lotsFigure
        : priceText;
  const classes = [
    'chart-line',
    `chart-line-${line.kind}`,
    `chart-line-${line.side}`,
    drafting ? 'chart-line-drafting' : '',
    trailing ? 'chart-line-trailing' : '',
    problem ? 'chart-line-invalid' : '',
  ].filter(Boolean);

  const content = (
    <>
      <span className="chart-line-tag" aria-hidden="true">
        {tagOf(line.kind, side, trailing, t)}
      </span>
      <span className="chart-line-figure" aria-hidden="true">
        {figure}
      </span>
      {line.kind === 'entry' ? (
        <EntryPnl orderId={order.Id} target={element} side={side} lots={lots} price={priceText} />
      ) : (
        estimate && (
          <span className="chart-line-pnl" aria-hidden="true">
            {estimate}
          </span>
        )
      )}
      {problem && (
        <span className="chart-line-problem" aria-hidden="true">
          {problem}
        </span>
      )}
    </>
  );
  const testId = `chart-line-${order.Id}-${line.kind}`;

  // A pending order's line is only shown: no call modifies a pending order.
  if (!line.draggable) {
    return (
      <div
        ref={setElement}
        className={classes.join(' ')}
        data-testid={testId}
        role="img"
        aria-label={name}
      >
        {content}
      </div>
    );
  }
  return (
    <div
      ref={setElement}
      className={classes.join(' ')}
      data-testid={testId}
      role="slider"
      aria-label={line.kind === 'entry' ? undefined : name}
      tabIndex={0}
      aria-orientation="vertical"
      aria-valuenow={ownDraft && line.kind === 'entry' ? ownDraft.price : line.price}
      aria-valuemin={0}
      aria-valuemax={valueCeiling(line.price)}
      aria-valuetext={valueText}
      aria-disabled={busy || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onKeyDown={onKeyDown}
    >
      {content}
    </div>
  );
}

interface EntryPnlProps {
  readonly orderId: number;
  /** The entry's label, whose accessible name carries the P&L too. */
  readonly target: { readonly current: HTMLElement | null };
  readonly side: string;
  readonly lots: string;
  readonly price: string;
}

/** A holding's live P&L on its entry label, painted as it ticks with no render. */
function EntryPnl({ orderId, target, side, lots, price }: EntryPnlProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const span = useRef<HTMLSpanElement>(null);
  // The texts around the P&L are looked up once per label; each tick only puts the P&L in.
  const texts = useMemo(
    () => ({
      money: t('web.trade.lines.money', { amount: FIGURE_SLOT }),
      entry: t('web.trade.lines.entry', { side, lots, price, pnl: FIGURE_SLOT }),
      idle: t('web.trade.lines.entry_no_pnl', { side, lots, price }),
    }),
    [t, side, lots, price],
  );
  const paint = useCallback(
    (holding: HoldingView | undefined) => {
      const pnl = holding ? withFigure(texts.money, decimal(formatBalance(holding.pnl))) : '';
      if (span.current && span.current.textContent !== pnl) span.current.textContent = pnl;
      const label = holding ? withFigure(texts.entry, pnl) : texts.idle;
      const element = target.current;
      if (!element) return;
      if (element.getAttribute('aria-label') !== label) element.setAttribute('aria-label', label);
      const tone = holding === undefined ? 'flat' : holding.pnl < 0 ? 'down' : 'up';
      if (element.dataset.tone !== tone) element.dataset.tone = tone;
    },
    [decimal, texts, target],
  );
  useHoldingPaint(orderId, paint);
  return <span ref={span} className="chart-line-pnl" aria-hidden="true" />;
}

/**
 * Where a keyboard move of `line` starts: its own level, or from the entry the current price
 * (a new stop a step past the price is one the trader can set at once).
 */
function keyboardStart(line: OrderLine, steps: number): number {
  if (line.kind !== 'entry') return line.price;
  const price = currentPrice(line) ?? line.price;
  return steps > 0 ? Math.max(price, line.price) : Math.min(price, line.price);
}

/** A slider's upper bound above any level a trader could set (prices have no fixed range). */
function valueCeiling(price: number): number {
  return 10 ** (Math.ceil(Math.log10(Math.max(price, 1))) + 1);
}
