import { isProfileComplete } from '@/lib/session.ts';
import type { SessionData } from '@/lib/storage.ts';

export type GateDecision = 'login' | 'profile' | 'create';

/** SPEC §4 create-activity gate. */
export function createActivityGate(session: Pick<SessionData, 'loginStatus' | 'userInfo'>): GateDecision {
  if (!session.loginStatus) return 'login';
  if (!isProfileComplete(session.userInfo)) return 'profile';
  return 'create';
}
