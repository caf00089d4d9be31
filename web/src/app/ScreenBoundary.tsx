import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { live } from '../live/store.js';
import { connectionReturns, retryUntilStopped } from '../state/network.js';
import { Button } from '../ui/Button.js';
import { EmptyState } from '../ui/EmptyState.js';
import { renewFailedScreens } from './retryable-lazy.js';

function ScreenFailed({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState icon="reset" text={t('web.errors.screen_failed')}>
      <Button variant="primary" onClick={onRetry}>
        {t('web.list.retry')}
      </Button>
      {/* A deploy may have replaced the chunk the page knows: only a reload finds the new one. */}
      <Button variant="ghost" onClick={() => location.reload()}>
        {t('web.common.reload')}
      </Button>
    </EmptyState>
  );
}

export interface ScreenBoundaryProps {
  readonly children: ReactNode;
  /** A kept-alive screen shown again: one that failed tries again (true → shown). */
  readonly shown?: boolean;
}

/**
 * Catches a screen that failed to load or render (its chunk not reached offline, a chunk gone
 * after a deploy) and says so, instead of leaving a blank page. The screen tries again by
 * itself once the connection is live again (state/network.ts: not at a browser event that may
 * come before the network answers, since a retry that fails while the connection answers
 * reloads the page: app/retryable-lazy.ts), when it is shown again (a new visit mounts a new
 * boundary; a kept-alive screen passes `shown`), and on "Try again".
 */
export class ScreenBoundary extends Component<ScreenBoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  /** Ends the retries once the screen shows again. */
  private stopRetries: (() => void) | undefined;
  /** `connectionReturns()` when the screen last started to load. */
  private returnsAtLoad = connectionReturns();

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly retry = () => {
    if (!this.state.failed) return;
    this.returnsAtLoad = connectionReturns();
    renewFailedScreens();
    this.setState({ failed: false });
  };

  private readonly retryWhenLive = () => {
    if (live.connection.state === 'live') this.retry();
  };

  override componentDidCatch(error: unknown): void {
    console.error('screen failed', error);
  }

  /** Retries while the screen has failed, and only then. */
  private followFailure(): void {
    if (this.state.failed && connectionReturns() !== this.returnsAtLoad) {
      // The connection came back while the load was under way: it failed before that return
      // could retry it (the retries wait for the next one while the connection stays live).
      this.retryWhenLive();
    }
    if (this.state.failed) this.stopRetries ??= retryUntilStopped(this.retryWhenLive);
    else {
      this.stopRetries?.();
      this.stopRetries = undefined;
    }
  }

  override componentDidMount(): void {
    // Failed at once: a screen whose earlier load failed (a new visit). It loads again, before
    // the failure is painted.
    this.retry();
    this.followFailure();
  }

  override componentDidUpdate(before: ScreenBoundaryProps): void {
    if (this.props.shown && !before.shown) this.retry();
    this.followFailure();
  }

  override componentWillUnmount(): void {
    this.stopRetries?.();
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenFailed onRetry={this.retry} /> : this.props.children;
  }
}
