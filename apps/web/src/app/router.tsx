import { Component, type ReactNode, useEffect } from 'react';
import { HashRouter, Navigate, type NavigateFunction, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AppShell } from './AppShell.tsx';
import { NotFound } from './NotFound.tsx';
import { PageLoadFailed } from './PageState.tsx';
import { PATHS, TAB_BAR_PATHS } from './paths.ts';
import { RouteView } from './RouteView.tsx';
import { ROUTES } from './routes.ts';
import { TabLayout } from './TabBar.tsx';

/**
 * The route table as plain <Routes>: the app loads no data through the router (TanStack Query does that), so
 * the declarative router does all we need, and it leaves react-router's data-loading machinery out of the
 * first screen's JavaScript (docs/performance.md "First screen").
 */
const toRoute = (entry: (typeof ROUTES)[number]) => (
  <Route key={entry.path} path={entry.path} element={<RouteView entry={entry} />} />
);

let navigator: NavigateFunction | null = null;

/** Navigation for code outside React (the request layer's "log in again"). */
export const appNavigation = {
  navigate(path: string): void {
    if (navigator) navigator(path);
    else window.location.hash = path;
  },
  /** The current route's path, without the query. */
  pathname(): string {
    return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  },
};

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigator = navigate;
    return () => {
      navigator = null;
    };
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
            <Route path={PATHS.activityHomeLong} element={<Navigate to={PATHS.activityHome} replace />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </RouteErrors>
    </HashRouter>
  );
}
