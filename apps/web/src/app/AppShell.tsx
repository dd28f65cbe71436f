import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppConfig } from '@/api/app.ts';
import { useUserInfo } from '@/api/auth.ts';
import { guideRedirect } from './first-launch.ts';
import { recordVisit } from './history.ts';
import { PageLoading } from './PageState.tsx';

export function AppShell() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    recordVisit(pathname + search);
    window.scrollTo(0, 0);
  }, [pathname, search]);
  // Boot: the region config, and a fresh user info while logged in (which also finds a dead session).
  useAppConfig();
  useUserInfo();
  // SPEC §4: the very first visit sees the guide once, then continues to the page it asked for.
  const firstVisit = guideRedirect(pathname + search);
  if (firstVisit) return <Navigate to={firstVisit} replace />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
