import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.js';
import { SkeletonBlock } from '../../ui/Skeleton.js';

/** `/news/detail?id=`: one news item's content. */
export default function NewsDetail() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/news" title={t('web.news.detail')} />
      <article className="page-body prose">
        <SkeletonBlock height={320} label={t('web.common.loading')} />
      </article>
    </>
  );
}
