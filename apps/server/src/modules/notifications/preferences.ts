import {
  NOTICE_CATEGORIES,
  NOTICE_CHANNELS,
  NOTICE_DEFAULTS,
  type NoticeCategory,
  type NoticeChannel,
} from '@polaris/contract';

export type ChannelChoices = Record<NoticeCategory, Record<NoticeChannel, boolean>>;

export interface StoredPreference {
  category: string;
  channel: string;
  enabled: boolean;
}

/**
 * Whether a channel can be turned off: security notices always stay in the inbox (a sign-in from a new device must
 * leave a trace the user can find), only their push and email can be turned off.
 */
export function fixedChannel(category: NoticeCategory, channel: NoticeChannel): boolean | null {
  return category === 'security' && channel === 'inapp' ? true : null;
}

/** A user's channels per category: the stored choices over NOTICE_DEFAULTS (unknown rows ignored). */
export function resolveChannels(rows: readonly StoredPreference[]): ChannelChoices {
  const choices = Object.fromEntries(
    NOTICE_CATEGORIES.map((category) => [category, { ...NOTICE_DEFAULTS[category] }]),
  ) as ChannelChoices;
  for (const row of rows) {
    const category = row.category as NoticeCategory;
    const channel = row.channel as NoticeChannel;
    if (!(NOTICE_CATEGORIES as readonly string[]).includes(category)) continue;
    if (!(NOTICE_CHANNELS as readonly string[]).includes(channel)) continue;
    choices[category][channel] = row.enabled;
  }
  for (const category of NOTICE_CATEGORIES)
    for (const channel of NOTICE_CHANNELS)
      choices[category][channel] = fixedChannel(category, channel) ?? choices[category][channel];
  return choices;
}

/** One channel of one category for a user whose stored choice is `stored` (undefined: none). */
export function channelEnabled(category: NoticeCategory, channel: NoticeChannel, stored: boolean | null | undefined) {
  return fixedChannel(category, channel) ?? stored ?? NOTICE_DEFAULTS[category][channel];
}
