import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { alertEditor } from '../state/alert-editor.js';
import { retryableLazy } from './retryable-lazy.js';
import { ScreenBoundary } from './ScreenBoundary.js';

/** In a chunk of its own: it needs the alerts' shapes, which the first screen does without. */
const AlertEditor = retryableLazy(() => import('../screens/alerts/AlertEditor.js'));

/** The price alert editor, over whatever screen opened it (trade, a quote's long press, list). */
export function AlertEditorHost() {
  const { target } = useSnapshot(alertEditor);
  if (target === null) return null;
  return (
    <ScreenBoundary>
      <Suspense fallback={null}>
        <AlertEditor />
      </Suspense>
    </ScreenBoundary>
  );
}
