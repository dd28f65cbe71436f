import type { ReactNode } from 'react';
import { GuestWall } from '@/components/GuestWall.tsx';
import { useSession } from '@/lib/session.ts';

/** Chat belongs to an account: a guest sees the one guest wall (log in or sign up, then back here). */
export function ChatLogin({ children }: { children: ReactNode }) {
  const loggedIn = useSession((state) => state.loginStatus);
  if (loggedIn) return <>{children}</>;
  return <GuestWall />;
}
