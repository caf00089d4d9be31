/**
 * The chart drawings kept on this device, per instrument: read from storage once through their
 * shape (protocol's drawing.ts, so broken or older entries read as none), kept in a valtio proxy
 * the chart and its drawing layer share, and written back whole on every change. Per device,
 * like the indicators and the chart type: a drawing belongs to the screen it was made on.
 */
import {
  type Drawing,
  type HorizontalLine,
  type KeptDrawings,
  MAX_DRAWINGS,
  readStoredDrawings,
  type TrendLine,
} from '@pipstream/protocol';
import { proxy, ref } from 'valtio/vanilla';
import {
  browserStorage,
  type KeyValueStorage,
  readJson,
  writeJson,
} from '../../../../state/storage.js';

/** Where the drawings are kept. */
export const DRAWINGS_KEY = 'pipstream.chart.drawings';

/** A drawing as the trader places it, before the store gives it an id. */
export type NewDrawing = Omit<HorizontalLine, 'id'> | Omit<TrendLine, 'id'>;

const NONE: readonly Drawing[] = Object.freeze([]);

/** The store of one storage (the app's is `chartDrawings`; tests make their own). */
export function createDrawingStore(
  storage: KeyValueStorage | undefined,
  newId: () => string = () => crypto.randomUUID(),
) {
  /** Each instrument's drawings, replaced whole on each change (a snapshot is then cheap). */
  const state = proxy<{ kept: KeptDrawings }>({
    kept: ref(readStoredDrawings(readJson(storage, DRAWINGS_KEY))),
  });

  function commit(instrumentId: number, drawings: Drawing[]): void {
    const kept: KeptDrawings = { ...state.kept };
    if (drawings.length === 0) delete kept[instrumentId];
    else kept[instrumentId] = drawings;
    state.kept = ref(kept);
    writeJson(storage, DRAWINGS_KEY, kept);
  }

  function of(instrumentId: number): readonly Drawing[] {
    return state.kept[instrumentId] ?? NONE;
  }

  return {
    state,
    of,

    /** Adds a drawing to `instrumentId`'s; refused (null) once it has `MAX_DRAWINGS`. */
    add(instrumentId: number, drawing: NewDrawing): Drawing | null {
      const before = of(instrumentId);
      if (before.length >= MAX_DRAWINGS) return null;
      const added = { ...drawing, id: newId() } as Drawing;
      commit(instrumentId, [...before, added]);
      return added;
    },

    /** Puts `drawing` in place of the one with its id (a move); an unknown id changes nothing. */
    update(instrumentId: number, drawing: Drawing): void {
      const before = of(instrumentId);
      if (!before.some((entry) => entry.id === drawing.id)) return;
      commit(
        instrumentId,
        before.map((entry) => (entry.id === drawing.id ? drawing : entry)),
      );
    },

    remove(instrumentId: number, id: string): void {
      commit(
        instrumentId,
        of(instrumentId).filter((entry) => entry.id !== id),
      );
    },
  };
}

export type DrawingStore = ReturnType<typeof createDrawingStore>;

/** This device's drawings. */
export const chartDrawings = createDrawingStore(browserStorage());
