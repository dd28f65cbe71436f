import { createContext, useContext } from 'react';

/**
 * What the route table says of the page on screen, for the parts inside it: the i18n key of the page's name on the
 * guest wall (routes/sign-in.ts). The router provides it; a page never reads the table itself (docs/web-client.md).
 */
export interface RouteInfo {
  signInTitle: string | null;
}

export const RouteInfoContext = createContext<RouteInfo>({ signInTitle: null });

export const useRouteInfo = () => useContext(RouteInfoContext);
