import type { ReactNode } from 'react';
import { useSession } from '@/lib/session.ts';
import { GuestWall } from './GuestWall.tsx';

/**
 * The one login gate inside pages: a guest sees the guest wall, named from the route table. The router shows the
 * same wall before such a page loads at all (routes/RouteView.tsx); this covers the page on its own. `around` places
 * the wall where the page's content would bring its own frame (a chat room).
 */
export function RequireLogin({ children, around }: { children: ReactNode; around?: (wall: ReactNode) => ReactNode }) {
  const loggedIn = useSession((state) => state.loginStatus);
  if (loggedIn) return children;
  return around ? around(<GuestWall />) : <GuestWall />;
}
