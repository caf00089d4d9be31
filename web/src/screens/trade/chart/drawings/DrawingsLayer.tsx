// Over 400 lines: placing, selecting, dragging and moving by keys share the drawing being
// edited and its grips; the geometry and the kept list live in their own modules.
import { type ChartPoint, type Drawing, formatPrice, MAX_DRAWINGS } from '@pipstream/protocol';
import {
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../../../i18n/FormatProvider.js';
import { live } from '../../../../live/store.js';
import { market } from '../../../../state/market.js';
import { showToast } from '../../../../state/ui.js';
import { Button } from '../../../../ui/Button.js';
import { IconButton } from '../../../../ui/IconButton.js';
import type { ChartColours, ChartController } from '../controller.js';
import { LONG_PRESS_MS } from '../gestures.js';
import { chartDrawings, type NewDrawing } from './drawing-store.js';
import {
  dragDrawing,
  drawingAt,
  type Handle,
  type Projection,
  pointAt,
  trendEnds,
} from './geometry.js';
import { alertAtLine } from './line-alert.js';
import { drawingTool, pickTool } from './tool.js';

/** Movement under this many px is a tap, not a drag (as on the chart itself). */
const DRAG_SLOP = 6;
/** Pixels one arrow key press moves a drawing. */
const KEY_STEP_PX = 4;
/** The id of the drawing being placed, until the store gives it its own. */
const PLACING = 'placing';
const NONE: readonly Drawing[] = [];

export interface DrawingsLayerProps {
  readonly chart: ChartController;
  readonly instrument: {
    readonly Id: number;
    readonly Code: string;
    readonly PricePrecision: number;
  };
  readonly colours: ChartColours;
  /** Calls back after every draw of the chart (the scales may have moved). */
  readonly subscribeDrawn: (listener: () => void) => () => void;
}

/** A drag in progress: what it holds, from where. */
interface Hold {
  readonly pointerId: number;
  readonly drawing: Drawing;
  readonly handle: Handle;
  readonly x: number;
  readonly y: number;
  moved: boolean;
}

/**
 * The trader's drawings on the price pane of one instrument: the chart paints them (paint.ts);
 * this layer places them with a finger while a tool is picked, gives each a grip to select and
 * drag it (a horizontal line's on the price axis, a trend line's at its middle, and its two ends
 * once selected), moves them with the arrow keys, and shows the selected one's actions: a price
 * alert at a horizontal line's level, and delete.
 */
export function DrawingsLayer({ chart, instrument, colours, subscribeDrawn }: DrawingsLayerProps) {
  const { t } = useTranslation();
  const { decimal } = useFormat();
  const { kept } = useSnapshot(chartDrawings.state);
  const saved = (kept[instrument.Id] as readonly Drawing[] | undefined) ?? NONE;
  const { kind: tool } = useSnapshot(drawingTool);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  /** The drawing being placed or dragged, drawn in place of its kept self. */
  const [draft, setDraft] = useState<Drawing | null>(null);
  /** A trend line's first end, placed by a tap, while the second is awaited. */
  const [start, setStart] = useState<ChartPoint | null>(null);
  const [ink, setInk] = useState('');
  const layer = useRef<HTMLFieldSetElement>(null);
  const grips = useRef(new Map<string, HTMLElement>());
  const hold = useRef<Hold | null>(null);
  /** A placement in progress: the finger, where it went down, and the line's first end. */
  const placing = useRef<{
    pointerId: number;
    x: number;
    y: number;
    from: ChartPoint;
    moved: boolean;
  } | null>(null);
  /**
   * The grip a press began on: the click that ends a press elsewhere (a placing tap, whose
   * layer is gone by then) is not a tap on the grip under the finger.
   */
  const pressed = useRef<string | null>(null);
  /** A drag just ended on a grip: the click that follows is not a tap. */
  const dragged = useRef(false);
  const precision = instrument.PricePrecision;

  const shown = useMemo(() => {
    if (draft === null) return saved;
    return saved.some((drawing) => drawing.id === draft.id)
      ? saved.map((drawing) => (drawing.id === draft.id ? draft : drawing))
      : [...saved, draft];
  }, [saved, draft]);
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const selected = saved.find((drawing) => drawing.id === selectedId) ?? null;

  const view = useMemo<Projection>(
    () => ({
      x: (time) => chart.xOf(time) ?? Number.NaN,
      y: (price) => chart.yOf(price) ?? Number.NaN,
      time: (x) => chart.timeAt(x) ?? Number.NaN,
      price: (y) => chart.priceAt(y) ?? Number.NaN,
    }),
    [chart],
  );

  // The drawings' colour is the theme's (read again when the theme's chart colours change).
  useLayoutEffect(() => {
    void colours;
    const element = layer.current;
    if (element) setInk(getComputedStyle(element).getPropertyValue('--chart-drawing').trim());
  }, [colours]);

  // The chart paints them; the selected one and the one in hand are drawn heavier.
  useEffect(() => {
    const colour = ink || colours.text;
    chart.setDrawings(
      shown.map((drawing) => ({
        drawing,
        colour,
        emphasis: drawing.id === selectedId || drawing.id === draft?.id,
      })),
    );
  }, [chart, shown, selectedId, draft, ink, colours]);
  useEffect(() => () => chart.setDrawings([]), [chart]);
  // The tool is this chart's: another instrument (a new layer) or another screen lets it go.
  useEffect(() => () => pickTool(null), []);

  // Grips follow the scales at every draw; each writes only when its place changed.
  const place = useCallback(() => {
    const box = chart.plotBox();
    const element = layer.current;
    if (!box || !element) return;
    const frame = `${box.left}px,${box.top}px,${box.width}px,${box.height}px`;
    if (element.dataset.frame !== frame) {
      element.dataset.frame = frame;
      // The price axis's width beside the pane (the bars under the pane span it too): read
      // only when the pane moved, never at a tick, as it asks the browser for a layout.
      const axis = Math.max(0, (element.parentElement?.clientWidth ?? 0) - box.left - box.width);
      Object.assign(element.style, {
        left: `${box.left}px`,
        top: `${box.top}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
      });
      element.style.setProperty('--chart-axis', `${axis}px`);
    }
    const put = (key: string, x: number, y: number) => {
      const grip = grips.current.get(key);
      if (!grip) return;
      const inside =
        Number.isFinite(x) &&
        Number.isFinite(y) &&
        x >= 0 &&
        x <= box.width &&
        y >= 0 &&
        y <= box.height;
      const at = inside ? `translate(${Math.round(x)}px, ${Math.round(y)}px)` : '';
      if (grip.dataset.at !== at) {
        grip.dataset.at = at;
        grip.style.transform = at;
        grip.hidden = !inside;
      }
    };
    for (const drawing of shownRef.current) {
      if (drawing.kind === 'horizontal') {
        put(drawing.id, box.width, view.y(drawing.price));
        continue;
      }
      const [a, b] = trendEnds(drawing, view);
      put(drawing.id, (a.x + b.x) / 2, (a.y + b.y) / 2);
      put(`${drawing.id}:from`, a.x, a.y);
      put(`${drawing.id}:to`, b.x, b.y);
    }
  }, [chart, view]);

  useEffect(() => subscribeDrawn(place), [subscribeDrawn, place]);
  useLayoutEffect(() => {
    void shown;
    void selectedId;
    place();
  }, [shown, selectedId, place]);

  // A tap on a drawn line selects it; a tap elsewhere lets the selection go.
  useEffect(() => {
    let area: HTMLElement | null = null;
    let down: { x: number; y: number; at: number } | null = null;
    const onDown = (event: globalThis.PointerEvent) => {
      down = { x: event.clientX, y: event.clientY, at: event.timeStamp };
    };
    const onUp = (event: globalThis.PointerEvent) => {
      const from = down;
      down = null;
      const tap =
        from !== null &&
        event.timeStamp - from.at < LONG_PRESS_MS &&
        Math.hypot(event.clientX - from.x, event.clientY - from.y) <= DRAG_SLOP;
      if (!tap || !area) return;
      const box = area.getBoundingClientRect();
      const hit = drawingAt(shownRef.current, view, {
        x: event.clientX - box.left,
        y: event.clientY - box.top,
      });
      setSelectedId(hit?.id ?? null);
    };
    const bind = () => {
      const next = chart.plotArea();
      if (next === area) return;
      area?.removeEventListener('pointerdown', onDown);
      area?.removeEventListener('pointerup', onUp);
      area = next;
      area?.addEventListener('pointerdown', onDown);
      area?.addEventListener('pointerup', onUp);
    };
    bind();
    const unsubscribe = subscribeDrawn(bind);
    return () => {
      unsubscribe();
      area?.removeEventListener('pointerdown', onDown);
      area?.removeEventListener('pointerup', onUp);
    };
  }, [chart, subscribeDrawn, view]);

  const local = useCallback((event: PointerEvent) => {
    const box = layer.current?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  }, []);

  /** Keeps a placed drawing, selected; past the cap it is refused with a message. */
  const keep = useCallback(
    (drawing: NewDrawing) => {
      const added = chartDrawings.add(instrument.Id, drawing);
      setDraft(null);
      setStart(null);
      pickTool(null);
      if (added) setSelectedId(added.id);
      else showToast(t('web.trade.drawings.full', { max: MAX_DRAWINGS }), 'error');
    },
    [instrument.Id, t],
  );

  // Placing: a horizontal line where the finger lifts; a trend line dragged from end to end,
  // or tapped at one end and then the other.
  const placeDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = local(event);
    const point = pointAt(view, at, precision);
    const from = start ?? point;
    placing.current = { pointerId: event.pointerId, ...at, from, moved: false };
    setDraft(
      tool === 'horizontal'
        ? { id: PLACING, kind: 'horizontal', price: point.price }
        : { id: PLACING, kind: 'trend', from, to: point },
    );
  };
  const placeMove = (event: PointerEvent<HTMLDivElement>) => {
    const held = placing.current;
    if (!held || held.pointerId !== event.pointerId) return;
    const at = local(event);
    if (Math.hypot(at.x - held.x, at.y - held.y) >= DRAG_SLOP) held.moved = true;
    const point = pointAt(view, at, precision);
    setDraft(
      tool === 'horizontal'
        ? { id: PLACING, kind: 'horizontal', price: point.price }
        : { id: PLACING, kind: 'trend', from: held.from, to: point },
    );
  };
  const placeUp = (event: PointerEvent<HTMLDivElement>) => {
    const held = placing.current;
    if (!held || held.pointerId !== event.pointerId) return;
    placing.current = null;
    const point = pointAt(view, local(event), precision);
    if (tool === 'horizontal') {
      keep({ kind: 'horizontal', price: point.price });
      return;
    }
    const { from } = held;
    if ((start !== null || held.moved) && from.time !== point.time) {
      keep({ kind: 'trend', from, to: point });
      return;
    }
    // A tap: the first end is placed; the next tap places the second.
    setStart(from);
    setDraft({ id: PLACING, kind: 'trend', from, to: from });
  };
  const placeCancel = () => {
    placing.current = null;
  };

  // Dragging a grip moves its drawing (a trend line's end grips move that end alone).
  const gripDown = (event: PointerEvent<HTMLElement>, drawing: Drawing, handle: Handle) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = local(event);
    pressed.current = drawing.id;
    hold.current = { pointerId: event.pointerId, drawing, handle, ...at, moved: false };
  };
  const gripMove = (event: PointerEvent<HTMLElement>) => {
    const held = hold.current;
    if (!held || held.pointerId !== event.pointerId) return;
    const at = local(event);
    const dx = at.x - held.x;
    const dy = at.y - held.y;
    if (!held.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    held.moved = true;
    // A horizontal line keeps to its price: a sideways wobble of the finger moves nothing.
    setDraft(dragDrawing(held.drawing, held.handle, view, dx, dy, precision));
  };
  const gripUp = (event: PointerEvent<HTMLElement>) => {
    const held = hold.current;
    if (!held || held.pointerId !== event.pointerId) return;
    hold.current = null;
    if (!held.moved) return;
    dragged.current = true;
    const at = local(event);
    const moved = dragDrawing(
      held.drawing,
      held.handle,
      view,
      at.x - held.x,
      at.y - held.y,
      precision,
    );
    chartDrawings.update(instrument.Id, moved);
    setDraft(null);
    setSelectedId(moved.id);
  };
  const gripCancel = () => {
    hold.current = null;
    setDraft(null);
  };
  const gripClick = (event: MouseEvent, drawing: Drawing) => {
    const pressedHere = pressed.current === drawing.id;
    pressed.current = null;
    // A keyboard's click (no pointer: detail 0) is always a tap.
    if (event.detail !== 0 && !pressedHere) return;
    if (dragged.current) {
      dragged.current = false;
      return;
    }
    setSelectedId((old) => (old === drawing.id ? null : drawing.id));
  };

  const remove = useCallback(
    (drawing: Drawing) => {
      chartDrawings.remove(instrument.Id, drawing.id);
      setSelectedId(null);
      showToast(t('web.trade.drawings.deleted'), 'info');
    },
    [instrument.Id, t],
  );

  const gripKey = (event: KeyboardEvent<HTMLElement>, drawing: Drawing, handle: Handle) => {
    const steps: Record<string, [number, number]> = {
      ArrowUp: [0, -KEY_STEP_PX],
      ArrowDown: [0, KEY_STEP_PX],
      ArrowLeft: [-KEY_STEP_PX, 0],
      ArrowRight: [KEY_STEP_PX, 0],
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      let moved = dragDrawing(drawing, handle, view, step[0], step[1], precision);
      // Zoomed far out a few pixels are less than a price step: one step, then.
      if (drawing.kind === 'horizontal' && moved.kind === 'horizontal' && step[1] !== 0) {
        if (moved.price === drawing.price) {
          const point = 10 ** -precision;
          const price = Number(formatPrice(drawing.price - Math.sign(step[1]) * point, precision));
          moved = { ...drawing, price: price > 0 ? price : drawing.price };
        }
      }
      chartDrawings.update(instrument.Id, moved);
      setSelectedId(drawing.id);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(drawing);
    } else if (event.key === 'Escape' && selectedId !== null) {
      event.stopPropagation();
      setSelectedId(null);
    }
  };

  const priceText = (price: number) => decimal(formatPrice(price, precision));
  const nameOf = (drawing: Drawing) =>
    drawing.kind === 'horizontal'
      ? t('web.trade.drawings.horizontal_name', { price: priceText(drawing.price) })
      : t('web.trade.drawings.trend_name', {
          from: priceText(drawing.from.price),
          to: priceText(drawing.to.price),
        });

  const alert = (drawing: Drawing) => {
    if (drawing.kind !== 'horizontal') return;
    const code =
      market.instruments.find((item) => item.Id === instrument.Id)?.ShowCode ?? instrument.Code;
    // The quote read at the tap: a render at every tick would cost the chart for nothing.
    const quote = live.quotes[instrument.Id];
    const told = alertAtLine({ id: instrument.Id, code, precision }, drawing.price, quote, t);
    showToast(told.text, told.ok ? 'success' : 'error');
    if (told.ok) setSelectedId(null);
  };

  const gripProps = (drawing: Drawing, handle: Handle) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => gripDown(event, drawing, handle),
    onPointerMove: gripMove,
    onPointerUp: gripUp,
    onPointerCancel: gripCancel,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => gripKey(event, drawing, handle),
  });
  const register = (key: string) => (element: HTMLElement | null) => {
    if (element) grips.current.set(key, element);
    else grips.current.delete(key);
  };

  const hint =
    tool === 'horizontal'
      ? t('web.trade.drawings.hint_horizontal')
      : tool === 'trend'
        ? t(start === null ? 'web.trade.drawings.hint_trend' : 'web.trade.drawings.hint_trend_end')
        : '';

  return (
    <fieldset ref={layer} className="chart-drawings" aria-label={t('web.trade.drawings.group')}>
      {shown.map((drawing) =>
        drawing.id === PLACING ? null : (
          <span key={drawing.id} className="chart-drawing">
            <button
              type="button"
              ref={register(drawing.id)}
              className={`chart-drawing-grip chart-drawing-grip-${drawing.kind}`}
              aria-label={nameOf(drawing)}
              aria-pressed={drawing.id === selectedId}
              hidden
              onClick={(event) => gripClick(event, drawing)}
              {...gripProps(drawing, 'line')}
            >
              {drawing.kind === 'horizontal' ? priceText(drawing.price) : null}
            </button>
            {drawing.kind === 'trend' &&
              drawing.id === selectedId &&
              (['from', 'to'] as const).map((end) => (
                <span
                  key={end}
                  ref={register(`${drawing.id}:${end}`)}
                  className="chart-drawing-end"
                  data-testid={`drawing-end-${end}`}
                  hidden
                  {...gripProps(drawing, end)}
                />
              ))}
          </span>
        ),
      )}
      {/* Over the grips: while a tool is picked, every touch on the pane places. */}
      {tool !== null && (
        <div
          className="chart-drawing-capture"
          data-testid="drawing-capture"
          onPointerDown={placeDown}
          onPointerMove={placeMove}
          onPointerUp={placeUp}
          onPointerCancel={placeCancel}
        />
      )}
      {tool !== null && (
        <div className="chart-drawing-bar" role="status">
          <span>{hint}</span>
          <Button
            variant="secondary"
            onClick={() => {
              pickTool(null);
              setDraft(null);
              setStart(null);
            }}
          >
            {t('web.common.cancel')}
          </Button>
        </div>
      )}
      {tool === null && selected && (
        <div className="chart-drawing-bar" role="toolbar" aria-label={nameOf(selected)}>
          {selected.kind === 'horizontal' && (
            <Button variant="secondary" onClick={() => alert(selected)}>
              {t('web.trade.drawings.alert')}
            </Button>
          )}
          <Button variant="danger" onClick={() => remove(selected)}>
            {t('web.trade.drawings.delete')}
          </Button>
          <IconButton
            icon="close"
            label={t('web.common.close')}
            onClick={() => setSelectedId(null)}
          />
        </div>
      )}
    </fieldset>
  );
}
