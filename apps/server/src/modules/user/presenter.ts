import type { UserInfo, VipMembership } from '@polaris/contract';
import type { UserRow } from './store.ts';

/** The fields of a user that leave the server; the password hash and internal id never do. */
export function presentUserInfo(user: UserRow, vip: VipMembership | null): UserInfo {
  return {
    uid: String(user.uid),
    uuid: user.uuid,
    email: user.email,
    uname: user.uname,
    openName: user.openName,
    avatar: user.avatar,
    inviteCode: user.inviteCode,
    emailBound: true,
    createdAt: user.createdAt.toISOString(),
    vip,
  };
}
