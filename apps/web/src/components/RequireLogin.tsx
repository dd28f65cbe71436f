import type { ReactNode } from 'react';
import { useSession } from '@/lib/session.ts';
import { GuestWall } from './GuestWall.tsx';

/**
 * A page's part that belongs to an account: a guest sees the guest wall, named from the route table. The router
 * shows the same wall before such a page loads at all (routes/RouteView.tsx); this covers the page on its own.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useSession((state) => state.loginStatus);
  return loggedIn ? children : <GuestWall />;
}
