import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** `/feedback`: a stub page (SPEC §2). */
export default function Feedback() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.feedback.title')} />
      <EmptyState icon="mail" text={t('web.feedback.body')} />
    </>
  );
}
