import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppShell, RouteError } from './AppShell.tsx';
import { NotFound } from './NotFound.tsx';
import { PATHS, TAB_BAR_PATHS } from './paths.ts';
import { RouteView } from './RouteView.tsx';
import { ROUTES } from './routes.ts';
import { TabLayout } from './TabBar.tsx';

const toRoute = (entry: (typeof ROUTES)[number]): RouteObject => ({
  path: entry.path,
  element: <RouteView entry={entry} />,
});

export const router = createHashRouter([
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { element: <TabLayout />, children: ROUTES.filter((r) => TAB_BAR_PATHS.includes(r.path)).map(toRoute) },
      ...ROUTES.filter((r) => !TAB_BAR_PATHS.includes(r.path)).map(toRoute),
      { path: PATHS.activityHomeLong, element: <Navigate to={PATHS.activityHome} replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
