import {
  type Language,
  languageOf,
  type NoticeCategory,
  type NoticeChannel,
  type NoticePreferences,
  translate,
} from '@polaris/contract';
import type { Database } from '../../db/client.ts';
import { FieldsError, ValidationError } from '../../platform/errors.ts';
import { fixedChannel, resolveChannels } from './preferences.ts';
import type { PushSender } from './push.port.ts';
import { clockToMinutes, DEFAULT_TIMEZONE, isTimeZone, minutesToClock } from './quiet-hours.ts';
import { liveUser, preferencesOf, settingsOf, upsertPreferences, upsertSettings } from './store.ts';
import type { UnsubscribeTokens } from './tokens.ts';

interface PreferencesInput {
  channels?: { category: NoticeCategory; channel: NoticeChannel; enabled: boolean }[];
  quietHours?: { start: string; end: string } | null;
  timezone?: string;
}

/** A user's channels per category, quiet hours and time zone; the one-click unsubscribe of email. */
export class NoticePreferenceService {
  constructor(private readonly deps: { db: Database; push: PushSender; tokens: UnsubscribeTokens }) {}

  async get(userId: number): Promise<NoticePreferences> {
    const [rows, settings] = await Promise.all([preferencesOf(this.deps.db, userId), settingsOf(this.deps.db, userId)]);
    const quiet =
      settings?.quietStart !== null && settings?.quietStart !== undefined && settings.quietEnd !== null
        ? { start: minutesToClock(settings.quietStart), end: minutesToClock(settings.quietEnd) }
        : null;
    return {
      channels: resolveChannels(rows),
      quietHours: quiet,
      timezone: settings?.timezone ?? DEFAULT_TIMEZONE,
      push: this.deps.push.available(),
    };
  }

  /**
   * Changes what is named and keeps the rest. A channel that cannot be turned off (security in the inbox) is left
   * as it is. Quiet hours with the same start and end are none.
   */
  async update(userId: number, input: PreferencesInput, language: Language): Promise<NoticePreferences> {
    if (input.timezone !== undefined && !isTimeZone(input.timezone)) {
      throw new ValidationError([{ field: 'timezone', message: translate(language, 'notice.badTimezone') }]);
    }
    const channels = (input.channels ?? []).filter((row) => fixedChannel(row.category, row.channel) === null);
    await this.deps.db.transaction(async (tx) => {
      await upsertPreferences(tx, userId, channels);
      const settings: { quietStart?: number | null; quietEnd?: number | null; timezone?: string } = {};
      if (input.quietHours !== undefined) {
        const start = input.quietHours === null ? null : clockToMinutes(input.quietHours.start);
        const end = input.quietHours === null ? null : clockToMinutes(input.quietHours.end);
        settings.quietStart = start === end ? null : start;
        settings.quietEnd = start === end ? null : end;
      }
      if (input.timezone !== undefined) settings.timezone = input.timezone;
      if (Object.keys(settings).length > 0) await upsertSettings(tx, userId, settings);
    });
    return this.get(userId);
  }

  /** Whom and what a one-click link names; 400 naming `token` for a link that is not genuine. */
  private target(token: string | undefined) {
    const found = token ? this.deps.tokens.read(token) : null;
    if (!found) throw new FieldsError([{ field: 'token', messageKey: 'notice.badToken' }]);
    return found;
  }

  /** What the link's page says before the click: the category and the language the user reads in. */
  async unsubscribeTarget(token: string | undefined, fallback: Language) {
    const { userId, category } = this.target(token);
    const settings = await settingsOf(this.deps.db, userId);
    return { category, language: settings?.language ? languageOf(settings.language) : fallback };
  }

  /**
   * RFC 8058 one-click: turns the email of the link's category off (a deleted account has nothing left to turn
   * off; the answer is the same). Answers the sentence saying so, in the user's language.
   */
  async unsubscribe(token: string | undefined, fallback: Language) {
    const { userId, category } = this.target(token);
    if (await liveUser(this.deps.db, userId)) {
      await upsertPreferences(this.deps.db, userId, [{ category, channel: 'email', enabled: false }]);
    }
    const { language } = await this.unsubscribeTarget(token, fallback);
    return {
      category,
      language,
      message: translate(language, 'notice.unsubscribed', {
        category: translate(language, `notice.categories.${category}`),
      }),
    };
  }
}
