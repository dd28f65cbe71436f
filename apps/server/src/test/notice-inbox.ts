import type { ChatServerFrame, Notice } from '@polaris/contract';
import type { TestApp } from './app.ts';

/** Test helpers for what a user is told: their inbox through the API, and the frames their open screens get. */

/** Every notice in the user's inbox, newest first, written in `locale` (the API's `locale` header). */
async function inbox(t: TestApp, token: string, locale = 'en_US'): Promise<Notice[]> {
  const items: Notice[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; msg: string; attachment: { items: Notice[]; nextCursor: string | null } } =
      await t.call('GET', '/notice/list', {
        token,
        locale,
        query: cursor === null ? { limit: '50' } : { limit: '50', cursor },
      });
    if (page.status !== 200) throw new Error(`notice/list: ${page.msg}`);
    items.push(...page.attachment.items);
    cursor = page.attachment.nextCursor;
  } while (cursor !== null);
  return items;
}

/** The user's notices of one kind. */
export async function noticesOf(t: TestApp, token: string, kind: string, locale?: string): Promise<Notice[]> {
  return (await inbox(t, token, locale)).filter((notice) => notice.kind === kind);
}

export async function userIdOf(t: TestApp, token: string): Promise<number> {
  const session = await t.services.auth.sessionUser(token);
  if (!session) throw new Error('no session for the token');
  return session.id;
}

/**
 * The frames a user's open screens receive (as a WebSocket following their channel does), and a way to wait for
 * one: `next(match)` resolves with the first frame, already received or still to come, that matches.
 */
export async function screenOf(t: TestApp, userId: number) {
  const frames: ChatServerFrame[] = [];
  const waiting: { match: (frame: ChatServerFrame) => boolean; resolve: (frame: ChatServerFrame) => void }[] = [];
  const stop = await t.services.notifications.live.follow(userId, {
    language: 'en',
    send(frame) {
      frames.push(frame);
      for (const waiter of [...waiting]) {
        if (waiter.match(frame)) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
    },
  });
  return {
    frames,
    stop,
    next(match: (frame: ChatServerFrame) => boolean): Promise<ChatServerFrame> {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
    /** A `changed` frame of this topic (and ref, when given). */
    changed(topic: string, ref?: string | null) {
      return this.next(
        (frame) => frame.type === 'changed' && frame.topic === topic && (ref === undefined || frame.ref === ref),
      );
    },
  };
}
