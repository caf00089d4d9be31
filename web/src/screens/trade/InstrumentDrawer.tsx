import type { Instrument } from '@pipstream/protocol';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useFormat } from '../../i18n/FormatProvider.js';
import { useQuote } from '../../live/hooks.js';
import { market } from '../../state/market.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Field } from '../../ui/Field.js';
import { IconButton } from '../../ui/IconButton.js';
import { Modal } from '../../ui/Modal.js';
import { SkeletonList } from '../../ui/Skeleton.js';
import { Tabs } from '../../ui/Tabs.js';
import { changeTone, inCategory } from '../home/quote-list.js';
import { searchInstruments } from '../product/instrument-search.js';

type CategoryChoice = number | 'all';

interface RowProps {
  readonly instrument: Instrument;
  readonly current: boolean;
  readonly onChoose: (id: number) => void;
}

/** One instrument with its live price; re-renders only when its own quote moves. */
const InstrumentRow = memo(function InstrumentRow({ instrument, current, onChoose }: RowProps) {
  const quote = useQuote(instrument.Id);
  const { decimal } = useFormat();
  const nameId = useId();
  const quoteId = useId();
  const tone = changeTone(quote?.changeText);
  return (
    <li>
      <button
        type="button"
        className="instrument-row"
        data-testid={`trade-instrument-${instrument.Code}`}
        aria-current={current || undefined}
        aria-labelledby={nameId}
        aria-describedby={quoteId}
        onClick={() => onChoose(instrument.Id)}
      >
        <span className="instrument-name" id={nameId}>
          <strong>{instrument.ShowCode}</strong>
          <small>{instrument.Code}</small>
        </span>
        <span className="instrument-quote" id={quoteId}>
          <span className="instrument-price num">{decimal(quote?.closeText ?? '--')}</span>
          <span className={`instrument-change num trade-${tone}`}>
            {decimal(quote?.changeText ?? '--')}
          </span>
        </span>
      </button>
    </li>
  );
});

export interface InstrumentDrawerProps {
  /** The instrument on show, marked in the list. */
  readonly currentId: number | undefined;
  readonly onChoose: (id: number) => void;
  readonly onClose: () => void;
}

/**
 * The start drawer (at the left, at the right in Arabic and Persian): every instrument with its
 * live price, by category or by a typed search.
 */
export function InstrumentDrawer({ currentId, onChoose, onClose }: InstrumentDrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { instruments, categories, loaded } = useSnapshot(market);
  const [category, setCategory] = useState<CategoryChoice>('all');
  const [query, setQuery] = useState('');

  const list = instruments as readonly Instrument[];
  const inChosen = inCategory(list, category === 'all' ? null : category);
  const shown = query.trim() === '' ? inChosen : searchInstruments(inChosen, query);

  return (
    <Modal placement="start" labelledBy={titleId} onClose={onClose}>
      <div className="drawer-head">
        <h2 id={titleId}>{t('web.trade.instruments')}</h2>
        <IconButton icon="close" label={t('web.common.close')} onClick={onClose} />
      </div>
      <div className="instrument-filters">
        <Field
          label={t('web.trade.search_instruments')}
          type="search"
          value={query}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {categories.length > 0 && (
        <Tabs
          className="instrument-categories"
          label={t('web.trade.categories')}
          items={[
            { value: 'all' as CategoryChoice, label: t('web.trade.all_categories') },
            ...categories.map((item) => ({
              value: item.Id as CategoryChoice,
              label: item.NameShowTrans,
            })),
          ]}
          value={category}
          onChange={setCategory}
        />
      )}
      <div className="drawer-body">
        {!loaded ? (
          <SkeletonList rows={10} />
        ) : shown.length === 0 ? (
          <EmptyState text={t('web.trade.no_instruments')} icon="search" />
        ) : (
          <ul className="instrument-list">
            {shown.map((instrument) => (
              <InstrumentRow
                key={instrument.Id}
                instrument={instrument}
                current={instrument.Id === currentId}
                onChoose={onChoose}
              />
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
