import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../ui/IconButton.js';
import { Modal } from '../ui/Modal.js';
import { LanguageList } from './LanguageList.js';

/** The language choice of the home screen, as a side drawer. */
export function LanguageDrawer({ onClose }: { readonly onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Modal placement="start" labelledBy={titleId} onClose={onClose}>
      <div className="drawer-head">
        <h2 id={titleId}>{t('web.language.title')}</h2>
        <IconButton icon="close" label={t('web.common.close')} onClick={onClose} />
      </div>
      <div className="drawer-body">
        <LanguageList onChosen={onClose} />
      </div>
    </Modal>
  );
}
