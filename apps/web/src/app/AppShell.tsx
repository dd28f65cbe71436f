import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppConfig } from '@/api/app.ts';
import { useUserInfo } from '@/api/auth.ts';
import { useSession } from '@/lib/session.ts';
import { guideRedirect, loadEntry } from './first-launch.ts';
import { recordVisit } from './history.ts';
import { PageLoading } from './PageState.tsx';

/** The socket's user frames and the new-notice banner: its own chunk, loaded once the first screen is up. */
// A chunk that fails to load leaves the app as it was: without live updates, not broken.
const LiveUpdates = lazy(() => import('./LiveUpdates.tsx').catch(() => ({ default: () => null })));

export function AppShell() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordVisit(pathname + search);
    window.scrollTo(0, 0);
    // The page on screen, for tools that watch the app: it changes once the new page has rendered (the router moves
    // in a transition, so the old page stays until the new one's chunk is in). The accessibility sweep waits for it.
    document.documentElement.dataset.page = pathname + search;
  }, [pathname, search]);
  // Boot: the region config, and a fresh user info while logged in (which also finds a dead session).
  useAppConfig();
  useUserInfo();
  const live = useLiveUpdatesWanted();
  // SPEC §4: the very first cold start of the home sees the guide once; a deep link opens its page (issue 23).
  const firstVisit = guideRedirect(pathname + search, loadEntry(pathname + search));
  if (firstVisit) return <Navigate to={firstVisit} replace />;
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      {live && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
    </>
  );
}

/** True while signed in, from shortly after the first screen painted (the socket's code is not first-screen code). */
function useLiveUpdatesWanted(): boolean {
  const loggedIn = useSession((state) => state.loginStatus);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!loggedIn || painted) return undefined;
    const timer = setTimeout(() => setPainted(true), 300);
    return () => clearTimeout(timer);
  }, [loggedIn, painted]);
  return loggedIn && painted;
}
