import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.js';
import { Modal } from '../../ui/Modal.js';
import { copyText } from '../../widgets/copy.js';

/**
 * docs/product.md#routes, service_link_type 2: the support link in a dialog, with a copy button.
 */
export function ServiceDialog({
  link,
  onClose,
}: {
  readonly link: string;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Modal
      placement="center"
      labelledBy={`${id}-title`}
      describedBy={`${id}-intro`}
      onClose={onClose}
    >
      <h2 className="service-dialog-title" id={`${id}-title`}>
        {t('web.user.customer_service')}
      </h2>
      <p className="service-dialog-intro" id={`${id}-intro`}>
        {t('web.user.service_intro')}
      </p>
      <a
        className="service-dialog-link"
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="service-link"
      >
        {link}
      </a>
      <div className="confirm-actions">
        <Button variant="secondary" onClick={onClose}>
          {t('web.common.close')}
        </Button>
        <Button onClick={() => copyText(link)} data-autofocus>
          {t('web.common.copy')}
        </Button>
      </div>
    </Modal>
  );
}
