import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { settings } from '../../state/settings.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { Field } from '../../ui/Field.js';
import { PageHeader } from '../../ui/PageHeader.js';

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
        <form className="page-body" onSubmit={(event) => event.preventDefault()}>
          <Field
            label={
              directoryMode ? t('web.product.search_companies') : t('web.product.search_products')
            }
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </form>
      </search>
      <EmptyState icon="search" text={t('web.product.hint')} />
    </>
  );
}
