import { useTranslation } from 'react-i18next';
import { goBack } from '../../nav/location.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { LanguageList } from '../../widgets/LanguageList.js';

/** `/language`: the language choice; choosing goes back to where the user came from. */
export default function Language() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/" title={t('web.language.title')} />
      <LanguageList onChosen={() => goBack('/')} />
    </>
  );
}
