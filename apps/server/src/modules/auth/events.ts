import { PATHS } from '@polaris/contract';
import type { NoticeEvent } from '../notifications/events.ts';

/**
 * What sign-in and the security centre tell the notifications module, after the commit (docs/notifications.md,
 * "emit2"). Security notices: the inbox always, push and email unless the user turned them off (and quiet hours
 * hold only push back, never email).
 */

/** The web app's pages (the contract's path map). */
const SECURITY_PATHS = {
  centre: PATHS.securityCenter,
  password: PATHS.loginPassword,
};

/** A sign-in from a device the account had not used: once per account and device, ever. */
export function newDevice(userId: number, device: { name: string; fingerprint: string }): NoticeEvent {
  return {
    kind: 'newDevice',
    key: `newDevice:${userId}:${device.fingerprint}`,
    userIds: [userId],
    params: { device: device.name },
    link: SECURITY_PATHS.centre,
  };
}

/** The login password was changed (signed in) or reset (by emailed code); `at` tells one change from the next. */
export function passwordChanged(userId: number, at: Date): NoticeEvent {
  return {
    kind: 'passwordChanged',
    key: `passwordChanged:${userId}:${at.getTime()}`,
    userIds: [userId],
    params: {},
    link: SECURITY_PATHS.password,
  };
}
