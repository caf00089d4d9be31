import { i18n } from '../i18n/index.js';
import { showToast } from '../state/ui.js';

/** Copies `text` and says "copy success" (docs/product.md#errors), or says it could not. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    showToast(i18n.t('web.common.copy_success'), 'success');
  } catch {
    // Clipboard access needs a secure context and permission; plain http on a LAN has neither.
    showToast(i18n.t('web.common.copy_failed'), 'error');
  }
}
