import { translate as fill, Status } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AttemptLimiter, AttemptRule } from '../../platform/attempts.ts';
import { AppError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import type { Mailer } from '../../platform/mail.ts';
import { type ActivityRow, insertInvitation, peopleById } from './activities.store.ts';
import { newInviteCode } from './codes.ts';
import { mailDate } from './notices.ts';
import { managedActivity } from './service.ts';

export interface InvitationDeps {
  db: Database;
  now: () => Date;
  links: Links;
  mailer: Mailer;
  log: FastifyBaseLogger;
  attempts: AttemptLimiter;
}

/** Invitation mails an organizer may send in a day: enough for any meetup, too few to make us a spam relay. */
export const INVITE_MAILS_PER_DAY = 200;
const INVITE_MAIL_RULE: AttemptRule = { max: INVITE_MAILS_PER_DAY, windowMs: 86_400_000 };

/** Invitation links: signing up with one skips approval. */
export class InvitationService {
  constructor(private readonly deps: InvitationDeps) {}

  /**
   * An invitation link. With emails, each address gets the link by mail, sent after the invitation is stored
   * (never inside a transaction).
   */
  async invite(user: { id: number }, input: { activityId: string; emails: string[] }) {
    const activity = await managedActivity(this.deps.db, input.activityId, user.id);
    if (activity.row.status === 'cancelled') throw new AppError(Status.conflict, 'activity.cancelled');
    const recipients = [...new Set(input.emails)];
    await this.claimInviteMails(user.id, recipients.length);
    const code = newInviteCode();
    await insertInvitation(this.deps.db, {
      activityId: activity.row.id,
      code,
      email: input.emails.length === 1 ? input.emails[0]! : null,
      invitedBy: user.id,
      createdAt: this.deps.now(),
    });
    const link = this.deps.links.share({ kind: 'activity', code: activity.row.code, invite: code });
    const inviter = (await peopleById(this.deps.db, [user.id])).get(user.id)!;
    let mailed = 0;
    for (const email of recipients) {
      try {
        await this.deps.mailer.send(inviteMail(email, activity.row, inviter.name, link));
        mailed++;
      } catch (error) {
        this.deps.log.warn({ err: error, email }, 'invitation mail failed');
      }
    }
    return { code, link, mailed };
  }

  /** Claims the organizer's daily mail budget for the whole list at once, before anything is stored or sent. */
  private async claimInviteMails(userId: number, count: number) {
    if (!(await this.deps.attempts.claimMany(`invite-mail:${userId}`, INVITE_MAIL_RULE, count))) {
      throw new AppError(Status.conflict, 'activity.inviteDailyCap', { max: INVITE_MAILS_PER_DAY });
    }
  }
}

/** Invitations go out in English and Traditional Chinese: the invitee's language is not known. */
function inviteMail(to: string, activity: ActivityRow, inviter: string, link: string) {
  // In the activity's zone, labelled with its offset, as every activity time is (docs/new-user-polish.md "hosting").
  const date = mailDate(activity.startsAt, activity.timezone, 'en');
  const params = { name: inviter, title: activity.title, date, link };
  return {
    to,
    subject: `${fill('en', 'activity.inviteSubject', params)} / ${fill('zh-Hant', 'activity.inviteSubject', params)}`,
    text: `${fill('en', 'activity.inviteBody', params)}\n\n${fill('zh-Hant', 'activity.inviteBody', params)}`,
  };
}
