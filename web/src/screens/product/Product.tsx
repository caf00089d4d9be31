import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { market, refreshTradeList } from '../../state/market.js';
import { settings } from '../../state/settings.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Field } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonList } from '../../ui/Skeleton.js';
import { ServiceNotice } from '../company/ServiceNotice.js';
import { QuoteList } from '../home/QuoteRow.js';
import { CompanyResults } from './CompanyResults.js';
import { searchInstruments } from './instrument-search.js';
import { searchPhase } from './search-phase.js';

/** The longest company name the search call accepts (protocol `companySearch`). */
const COMPANY_QUERY_MAX = 64;

/** Instruments matching the query, each with its live price, opening the trade screen. */
function InstrumentResults({ query }: { readonly query: string }) {
  const { t } = useTranslation();
  const { instruments, loaded } = useSnapshot(market);
  // Opened straight from a link, the trade list may not be in yet.
  useEffect(() => {
    if (!market.loaded) refreshTradeList().catch(() => undefined);
  }, []);
  // Typing stays responsive: the list follows the field when the browser has time.
  const deferredQuery = useDeferredValue(query);
  const results = useMemo(
    () => searchInstruments(instruments, deferredQuery),
    [instruments, deferredQuery],
  );
  switch (searchPhase(deferredQuery, loaded ? results : null)) {
    case 'hint':
      return <EmptyState icon="search" text={t('web.product.hint')} />;
    case 'loading':
      return <SkeletonList rows={3} />;
    case 'empty':
      return <EmptyState icon="search" text={t('web.common.no_data')} />;
    case 'results':
      return (
        <>
          <p className="visually-hidden" role="status">
            {t('web.product.result_count', { count: results.length })}
          </p>
          <QuoteList
            instruments={results}
            label={t('web.product.results')}
            testIdPrefix="product-row-"
          />
        </>
      );
  }
}

/** `/product`: search over instruments, or over companies in company-directory mode. */
export default function Product() {
  const { t } = useTranslation();
  const { directoryMode } = useSnapshot(settings);
  const [query, setQuery] = useState('');
  return (
    <>
      <PageHeader
        backTo="/"
        title={directoryMode ? t('web.product.title_companies') : t('web.product.title')}
      />
      <search>
        <form className="page-body product-search" onSubmit={(event) => event.preventDefault()}>
          <Field
            label={
              directoryMode ? t('web.product.search_companies') : t('web.product.search_products')
            }
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={directoryMode ? COMPANY_QUERY_MAX : undefined}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
      </search>
      {directoryMode ? <CompanyResults query={query} /> : <InstrumentResults query={query} />}
      {/* The directory lists providers: the notice of who is not served goes with it (SPEC §1). */}
      {directoryMode && <ServiceNotice />}
    </>
  );
}
