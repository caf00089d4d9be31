import { type ReactNode, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Router, useLocation, useSearch } from 'wouter';
import { FormatProvider } from '../i18n/FormatProvider.js';
import { goBack, navigate, useAppLocation } from '../nav/location.js';
import { PageActiveContext } from '../nav/page-activity.js';
import { refreshTradeListOnNavigation } from '../state/market.js';
import { session, viewerOf } from '../state/session.js';
import { settings } from '../state/settings.js';
import { showToast } from '../state/ui.js';
import { ConfirmHost } from '../widgets/ConfirmHost.js';
import { ConnectionBadge } from '../widgets/ConnectionBadge.js';
import { LoadingIndicator } from '../widgets/LoadingIndicator.js';
import { MarginBanner } from '../widgets/MarginBanner.js';
import { ToastHost } from '../widgets/ToastHost.js';
import { AlertEditorHost } from './AlertEditorHost.js';
import { guardRoute } from './guard.js';
import { startRealtime } from './realtime.js';
import { KEEP_ALIVE_PATHS, type RoutePath, routeAt, TRADE_LIST_PATHS } from './routes.js';
import { ScreenBoundary } from './ScreenBoundary.js';
import { SCREENS } from './screens.js';
import { TabBar } from './TabBar.js';

/** The app: path router, the screens, and the toast, loading and confirmation layers. */
export function App() {
  return (
    <Router hook={useAppLocation}>
      <ChosenFormat>
        <Shell />
        <ToastHost />
        <LoadingIndicator />
        <AlertEditorHost />
        <ConfirmHost />
      </ChosenFormat>
    </Router>
  );
}

/** The formatter of the chosen language: only this re-renders when the language changes. */
function ChosenFormat({ children }: { readonly children: ReactNode }) {
  const { language } = useSnapshot(settings);
  return <FormatProvider language={language}>{children}</FormatProvider>;
}

function Shell() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const search = useSearch();
  const viewer = viewerOf(useSnapshot(session));
  const decision = guardRoute(path, search, viewer);
  const allowed = decision.action === 'allow';
  const redirectTo = decision.action === 'redirect' ? decision.to : undefined;

  // Kept-alive screens mount on their first visit and then stay. The screen the page opens on
  // is visited from the first render (a render-phase update would make the shell render twice).
  const keepAlive = allowed && (KEEP_ALIVE_PATHS as readonly string[]).includes(path);
  const [visited, setVisited] = useState<ReadonlySet<string>>(
    () => new Set(keepAlive ? [path] : []),
  );
  if (keepAlive && !visited.has(path)) setVisited(new Set(visited).add(path));

  useLayoutEffect(() => {
    if (redirectTo !== undefined) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  // Which refused location was already answered: the effect may run twice for one (StrictMode),
  // and going back twice would leave the page the user came from.
  const refused = useRef<string | null>(null);
  useEffect(() => {
    if (decision.action !== 'refuse-demo') {
      refused.current = null;
      return;
    }
    const here = `${path}?${search}`;
    if (refused.current === here) return;
    refused.current = here;
    showToast(t('web.guard.real_account_required'), 'error');
    // Back to where the user was: the refused screen never shows.
    goBack('/user');
  }, [decision.action, path, search, t]);

  // docs/product.md#routes: every navigation starts the realtime connection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation by design.
  useEffect(() => {
    startRealtime();
  }, [path, search]);

  useEffect(() => {
    if (!allowed) return;
    window.scrollTo(0, 0);
    if (TRADE_LIST_PATHS.has(path)) refreshTradeListOnNavigation().catch(() => undefined);
  }, [path, allowed]);

  const route = allowed ? routeAt(path) : undefined;
  const Screen = route && !route.keepAlive ? SCREENS[path as RoutePath] : undefined;

  return (
    <div className={route?.footer ? 'app app-with-tabs' : 'app'}>
      <ConnectionBadge />
      <MarginBanner />
      {KEEP_ALIVE_PATHS.filter((kept) => visited.has(kept)).map((kept) => {
        const KeptScreen = SCREENS[kept];
        const active = allowed && path === kept;
        return (
          <main key={kept} className="screen" hidden={!active}>
            <PageActiveContext value={active}>
              <ScreenBoundary shown={active}>
                <Suspense fallback={<ScreenLoading />}>
                  <KeptScreen />
                </Suspense>
              </ScreenBoundary>
            </PageActiveContext>
          </main>
        );
      })}
      {Screen && (
        <main key={path} className="screen">
          <ScreenBoundary>
            <Suspense fallback={<ScreenLoading />}>
              <Screen />
            </Suspense>
          </ScreenBoundary>
        </main>
      )}
      {route?.footer && <TabBar path={path} />}
    </div>
  );
}

/** What a screen shows while its chunk loads: an empty frame marked busy. */
function ScreenLoading() {
  return <div className="screen-loading" aria-busy="true" />;
}
