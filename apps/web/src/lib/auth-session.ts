import { type SessionAttachment, Status, type UserInfo } from '@polaris/contract';
import type { StoreApi } from 'zustand/vanilla';
import type { SessionStore } from './session.ts';

/**
 * SPEC §4 login transition: a returned token makes us identify with it, the user info load then makes us
 * logged in. No token, or a failed user-info load, leaves a clean logged-out session. User info carries the
 * membership (`vip`, as `/uservip/queryUserCurrentVip` answers it), so the one load brings both.
 */
export async function completeLogin(
  store: StoreApi<SessionStore>,
  attachment: Partial<SessionAttachment> | null | undefined,
  loadUserInfo: () => Promise<UserInfo>,
): Promise<boolean> {
  const { token, uid, uuid, signingKey } = attachment ?? {};
  if (!token || !uid || !uuid) {
    store.getState().clear();
    return false;
  }
  store.getState().begin({ token, uid, uuid, signingKey });
  try {
    store.getState().setUserInfo(await loadUserInfo());
    return true;
  } catch (error) {
    store.getState().clear();
    throw error;
  }
}

/**
 * The contract's `auth.logoutOk` in every language, written out: reading them from the contract's messages would
 * put all three catalogues in the first screen's script (docs/performance.md "First screen"); session.test.ts checks
 * they agree.
 */
const LOGOUT_MESSAGES: readonly string[] = ['exit successful', '退出成功'];

/** SPEC §8: logout succeeded when the status is 200 or the message says "exit successful". */
export function isLogoutSuccess(outcome: { status?: number; msg?: string }): boolean {
  if (outcome.status === Status.ok) return true;
  const msg = outcome.msg?.trim().toLowerCase() ?? '';
  return LOGOUT_MESSAGES.includes(msg);
}

/**
 * Logout clears the local session whatever the server says: a user who asked to leave must not stay
 * logged in on this device because the network was down.
 */
let leaving = false;
/** Whether a logout is on its way: the session ending under it is the user's own doing, nothing to tell them. */
export const isLeaving = () => leaving;

export async function logout(
  store: StoreApi<SessionStore>,
  callLogout: () => Promise<{ status?: number; msg?: string }>,
): Promise<boolean> {
  let confirmed = false;
  leaving = true;
  try {
    confirmed = isLogoutSuccess(await callLogout());
  } catch (error) {
    const outcome = error as { status?: number; message?: string };
    confirmed = isLogoutSuccess({ status: outcome.status, msg: outcome.message });
  } finally {
    store.getState().clear();
    leaving = false;
  }
  return confirmed;
}
