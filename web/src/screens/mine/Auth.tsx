import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.js';
import { Field } from '../../ui/Field.js';
import { ImagePicker } from '../../ui/ImagePicker.js';
import { PageHeader } from '../../ui/PageHeader.js';

/** `/mine/auth`: real-name verification: name, ID number, front and back of the ID. */
export default function Auth() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader backTo="/user" title={t('web.auth_page.title')} />
      <form
        className="page-body form-stack"
        noValidate
        onSubmit={(event) => event.preventDefault()}
      >
        <p className="form-note">{t('web.auth_page.intro')}</p>
        <Field label={t('web.auth_page.name')} autoComplete="name" disabled />
        <Field label={t('web.auth_page.id_number')} autoComplete="off" disabled />
        <div className="picker-pair">
          <ImagePicker label={t('web.auth_page.front')} disabled />
          <ImagePicker label={t('web.auth_page.back')} disabled />
        </div>
        <Button type="submit" block disabled>
          {t('web.common.submit')}
        </Button>
      </form>
    </>
  );
}
