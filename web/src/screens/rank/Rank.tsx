import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** `/rank`: copy-trade (documentary) leaders; the feature is marked as coming soon. */
export default function Rank() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('web.rank.title')} />
      <EmptyState icon="rank" text={t('web.rank.coming_soon')} />
    </>
  );
}
