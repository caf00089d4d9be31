import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** `/news`: the paged news list. */
export default function News() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('web.news.title')} />
      <EmptyState icon="news" text={t('web.common.no_data')} />
    </>
  );
}
