import { useId } from 'react';
import { useSnapshot } from 'valtio';
import { answerConfirm, ui } from '../state/ui.js';
import { Button } from './Button.js';
import { Modal } from './Modal.js';

/** Shows the oldest open confirmation of the UI store. */
export function ConfirmHost() {
  const { confirms } = useSnapshot(ui);
  const id = useId();
  const request = confirms[0];
  if (!request) return null;
  const answer = (ok: boolean) => answerConfirm(request.id, ok);
  return (
    <Modal
      key={request.id}
      placement="center"
      role="alertdialog"
      describedBy={`${id}-message`}
      onClose={() => answer(false)}
    >
      <p className="confirm-message" id={`${id}-message`}>
        {request.message}
      </p>
      <div className="confirm-actions">
        <Button variant="secondary" onClick={() => answer(false)} data-autofocus>
          {request.cancelLabel}
        </Button>
        <Button variant={request.danger ? 'danger' : 'primary'} onClick={() => answer(true)}>
          {request.confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
