import type { Instrument } from '@pipstream/protocol';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { market } from '../../state/market.js';
import {
  chooseInstrument,
  instrumentIdIn,
  shownInstrument,
  trade,
} from '../../state/trade-choice.js';

/**
 * The instrument the trade screen shows. `/trade?id=` names it while the screen is on show (the
 * screen is kept alive, so the query is watched, not read once) and becomes the remembered
 * choice; otherwise the remembered choice, else the first of the trade list.
 */
export function useTradeInstrument(active: boolean): Instrument | undefined {
  const search = useSearch();
  const { instruments } = useSnapshot(market);
  const { instrumentId } = useSnapshot(trade);
  // A hidden screen's location belongs to another route.
  const queryId = active ? instrumentIdIn(search) : undefined;
  const shown = shownInstrument(instruments as readonly Instrument[], queryId, instrumentId);

  useEffect(() => {
    if (queryId !== undefined && shown?.Id === queryId) chooseInstrument(queryId);
  }, [queryId, shown?.Id]);

  return shown;
}
