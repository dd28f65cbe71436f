import { Component, type ReactNode, useEffect } from 'react';
import { HashRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AppShell } from '@/app/AppShell.tsx';
import { NotFound } from '@/app/NotFound.tsx';
import { setNavigator } from '@/app/navigation.ts';
import { PageLoadFailed } from '@/app/PageState.tsx';
import { ACTIVITY_HOME_ALIAS, PATHS, TAB_BAR_PATHS } from '@/app/paths.ts';
import { TabLayout } from '@/app/TabBar.tsx';
import { RouteView } from './RouteView.tsx';
import { ROUTES } from './routes.ts';

/**
 * The route table as plain <Routes>: the app loads no data through the router (TanStack Query does that), so
 * the declarative router does all we need, and it leaves react-router's data-loading machinery out of the
 * first screen's JavaScript (docs/performance.md "First screen").
 */
const toRoute = (entry: (typeof ROUTES)[number]) => (
  <Route key={entry.path} path={entry.path} element={<RouteView entry={entry} />} />
);

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => navigate(path));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/** A page that fails to render (a chunk that did not load) shows the reload screen until the user moves on. */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: { pathname: string }) {
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <PageLoadFailed /> : this.props.children;
  }
}

function RouteErrors({ children }: { children: ReactNode }) {
  return <RouteErrorBoundary pathname={useLocation().pathname}>{children}</RouteErrorBoundary>;
}

export function AppRouter() {
  return (
    <HashRouter>
      <NavigationBridge />
      <RouteErrors>
        <Routes>
          <Route element={<AppShell />}>
            <Route element={<TabLayout />}>{ROUTES.filter((r) => TAB_BAR_PATHS.includes(r.path)).map(toRoute)}</Route>
            {ROUTES.filter((r) => !TAB_BAR_PATHS.includes(r.path)).map(toRoute)}
            <Route path={ACTIVITY_HOME_ALIAS} element={<Navigate to={PATHS.activityHome} replace />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </RouteErrors>
    </HashRouter>
  );
}
