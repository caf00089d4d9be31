import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.js';
import { EmptyState } from '../ui/EmptyState.js';

function ScreenFailed() {
  const { t } = useTranslation();
  return (
    <EmptyState icon="reset" text={t('web.errors.screen_failed')}>
      <Button variant="secondary" onClick={() => location.reload()}>
        {t('web.common.reload')}
      </Button>
    </EmptyState>
  );
}

/**
 * Catches a screen that failed to load or render (a chunk gone after a deploy, a lost
 * connection) and offers a reload, instead of leaving a blank page.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('screen failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenFailed /> : this.props.children;
  }
}
