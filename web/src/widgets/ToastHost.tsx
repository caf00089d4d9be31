import { useSnapshot } from 'valtio';
import { ui } from '../state/ui.js';

/**
 * Shows the toasts of the UI store; a polite live region, so they are read out. A toast may
 * carry the server's message, in whatever language it came: each sets its own direction.
 */
export function ToastHost() {
  const { toasts } = useSnapshot(ui);
  return (
    <div className="toast-host" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <p key={toast.id} className={`toast toast-${toast.tone}`} dir="auto">
          {toast.text}
        </p>
      ))}
    </div>
  );
}
