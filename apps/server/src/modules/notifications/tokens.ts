import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTICE_CATEGORIES, type NoticeCategory } from '@polaris/contract';

/**
 * Unsubscribe links: `<user id>.<category>.<HMAC>`, the HMAC keyed by a key derived from a server key every node
 * shares (the SecretBox key), so any node reads a link any node wrote. The link never expires: an old email's
 * one-click unsubscribe must still work (RFC 8058); it can do nothing but turn one category's email off.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(serverKey: string) {
    this.key = createHmac('sha256', serverKey).update('polaris/notice-unsubscribe/v1').digest();
  }

  make(userId: number, category: NoticeCategory): string {
    return `${userId}.${category}.${this.mac(userId, category).toString('base64url')}`;
  }

  /** The user and category of a well-formed, genuine token; null otherwise. */
  read(token: string): { userId: number; category: NoticeCategory } | null {
    const match = /^(\d{1,15})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const userId = Number(match[1]);
    const category = match[2] as NoticeCategory;
    if (!(NOTICE_CATEGORIES as readonly string[]).includes(category)) return null;
    const given = Buffer.from(match[3]!, 'base64url');
    const expected = this.mac(userId, category);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, category };
  }

  private mac(userId: number, category: string): Buffer {
    return createHmac('sha256', this.key).update(`${userId}:${category}`).digest();
  }
}
