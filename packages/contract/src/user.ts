import { z } from 'zod';
import { text } from './text.ts';
import { VipMembershipOutput } from './vip.ts';

/** The user's profile: what the app shows of them and what they may change. */

export const UserInfoOutput = z.object({
  uid: z.string(),
  uuid: z.string(),
  email: z.string(),
  uname: z.string().nullable(),
  openName: z.string().nullable(),
  avatar: z.string().nullable(),
  inviteCode: z.string(),
  emailBound: z.boolean(),
  createdAt: z.string(),
  /** The membership, as `/uservip/queryUserCurrentVip` answers it: login waits for both (SPEC §4). */
  vip: VipMembershipOutput.nullable(),
});
export type UserInfo = z.infer<typeof UserInfoOutput>;

export const PersonalInfoInput = z
  .object({
    uname: text().min(1).max(30).optional(),
    openName: text().min(1).max(30).optional(),
  })
  .refine((value) => value.uname !== undefined || value.openName !== undefined, {
    error: 'validation.required',
    path: ['uname'],
  });
