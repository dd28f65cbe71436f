import {
  type Activity,
  type Bounty,
  type Language,
  parseShareCode,
  type ShareTarget,
  translate,
} from '@polaris/contract';
import { AppError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { cityName } from '../../platform/places/cities.ts';
import { excerpt, type Preview } from './presenter.ts';

export interface ShareDeps {
  links: Links;
  /** The activity module: whether a code exists at all, and the activity as a signed-out visitor sees it. */
  activityExists(code: string): Promise<boolean>;
  activityForGuest(code: string): Promise<Activity>;
  /** The bounty module: the bounty as a signed-out visitor sees it. */
  bountyForGuest(id: string): Promise<Bounty>;
}

export type Resolved = { found: false } | { found: true; target: ShareTarget; appUrl: string; preview: Preview };

/** The widest stored width up to this: large enough for a card, small enough for a crawler. */
const PREVIEW_IMAGE_WIDTH = 1280;

/** What a short link names: the page it opens and the preview it shows (docs/new-user-polish.md "links"). */
export class ShareService {
  constructor(private readonly deps: ShareDeps) {}

  async resolve(code: string, language: Language): Promise<Resolved> {
    const target = parseShareCode(code);
    if (!target) return { found: false };
    if (target.kind === 'activity' && !(await this.deps.activityExists(target.code))) return { found: false };
    const preview = (await this.specific(target, language)) ?? generic(target, language);
    return { found: true, target, appUrl: this.deps.links.appRoute(target), preview };
  }

  /**
   * The object's own title and picture, when a signed-out visitor may see it (a published activity, public or
   * unlisted, since its link is what the policy asks for; a bounty its policy shows to anyone). A draft, a room's
   * bounty and anything else answers null, and the preview is the generic one of its kind: a link gives away no
   * more than the page would to someone signed out. Red packets, invitations and rooms always preview generically.
   */
  private async specific(target: ShareTarget, language: Language): Promise<Preview | null> {
    try {
      if (target.kind === 'activity') {
        const preview = activityPreview(await this.deps.activityForGuest(target.code), language);
        // A crawler reads the preview from elsewhere: the picture on the public URL, not a path.
        return { ...preview, image: preview.image && this.deps.links.absolute(preview.image) };
      }
      if (target.kind === 'bounty') return bountyPreview(await this.deps.bountyForGuest(target.id));
      return null;
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    }
  }
}

function generic(target: ShareTarget, language: Language): Preview {
  return {
    title: translate(language, `share.${target.kind}.title`),
    description: translate(language, `share.${target.kind}.description`),
    image: null,
  };
}

const LOCALE: Record<Language, string> = { 'zh-Hant': 'zh-TW', 'zh-Hans': 'zh-CN', en: 'en-US' };

/** "Sat, Dec 6, 2026, 19:00 GMT+8 · Taipei" in the activity's own zone, then the start of its description. */
function activityPreview(activity: Activity, language: Language): Preview {
  const when = new Intl.DateTimeFormat(LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: activity.timezone,
  }).format(new Date(activity.startsAt));
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: activity.timezone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date(activity.startsAt))
    .find((part) => part.type === 'timeZoneName')?.value;
  const place = activity.online
    ? translate(language, 'share.online')
    : activity.city && cityName(activity.city, language);
  const head = [zone ? `${when} ${zone}` : when, place].filter(Boolean).join(' · ');
  const text = activity.marketing.shareText ?? activity.description;
  const sizes = activity.cover?.sizes ?? [];
  const image = [...sizes].reverse().find((size) => size.width <= PREVIEW_IMAGE_WIDTH) ?? sizes[0];
  return {
    title: activity.marketing.shareTitle ?? activity.title,
    description: excerpt(text ? `${head} — ${text}` : head),
    image: image?.url ?? null,
  };
}

function bountyPreview(bounty: Bounty): Preview {
  return {
    title: bounty.title,
    description: excerpt(`${bounty.perWinner} ${bounty.asset} × ${bounty.winners} — ${bounty.description}`),
    image: null,
  };
}
