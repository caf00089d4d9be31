import { lazy, Suspense, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { answerConfirm, ui } from '../state/ui.js';
import { Button } from '../ui/Button.js';
import { Modal } from '../ui/Modal.js';

// What only some questions show, in a chunk of their own: the order screens' live price and the
// withdrawal's destination.
const LivePrice = lazy(() => import('./QuestionParts.js').then((m) => ({ default: m.LivePrice })));
const Destination = lazy(() =>
  import('./QuestionParts.js').then((m) => ({ default: m.Destination })),
);

/** Shows the oldest open confirmation of the UI store. */
export function ConfirmHost() {
  const { confirms } = useSnapshot(ui);
  const id = useId();
  const shown = useRef<number | undefined>(undefined);
  const request = confirms[0];
  if (!request) return null;
  const answer = (ok: boolean) => {
    // A price question is answered with the price on show: none yet, nothing to agree to.
    if (ok && request.price && shown.current === undefined) return;
    answerConfirm(request.id, ok, ok ? shown.current : undefined);
  };
  return (
    <Modal
      key={request.id}
      placement="center"
      role="alertdialog"
      describedBy={`${id}-message`}
      onClose={() => answer(false)}
    >
      {request.notice && (
        <p className="confirm-notice" role="alert" data-testid="question-notice">
          {request.notice}
        </p>
      )}
      <p className="confirm-message" id={`${id}-message`}>
        {request.message}
      </p>
      <Suspense fallback={null}>
        {request.destination && <Destination destination={request.destination} />}
        {request.price && <LivePrice price={request.price} shown={shown} />}
      </Suspense>
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
