import type { HostedActivity, HostingGroup } from '@polaris/contract';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type AppPath, href, PATHS } from '@/app/paths.ts';
import ui from '@/components/activity/activity.module.css';
import { placeLabel } from '@/components/activity/format.ts';
import { formatWhen } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import { useShareLink } from '@/components/share.ts';
import { useSettings } from '@/lib/settings.ts';
import css from './hosting.module.css';

type Shortcut = 'manage' | 'scan' | 'attendees' | 'edit' | 'share' | 'view';

/** Which shortcuts a hosted activity offers, first the main one: what a host does next with it in that group. */
export function shortcutsOf(activity: Pick<HostedActivity, 'status' | 'phase'>, group: HostingGroup): Shortcut[] {
  if (group === 'drafts') return ['edit', 'manage'];
  if (group === 'past' || activity.status === 'cancelled') return ['manage', 'attendees', 'view'];
  return ['manage', 'scan', 'attendees', 'edit', 'share'];
}

/** One activity the user hosts: title, state, time in its zone, place and sign-ups, and its shortcuts. */
export function HostedRow({ activity, group }: { activity: HostedActivity; group: HostingGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const go = (path: AppPath, query: Record<string, string> = {}) => navigate(href(path, { id: activity.id, ...query }));
  const shareLink = useShareLink();
  const run: Record<Shortcut, () => void> = {
    manage: () => go(PATHS.manageActivity),
    scan: () => go(PATHS.checkinScan),
    attendees: () => go(PATHS.manageActivity, { section: 'attendees' }),
    edit: () => go(PATHS.editActivity),
    view: () => go(PATHS.activityDetails),
    share: () =>
      void shareLink({ title: activity.title, text: activity.title, url: activity.shareUrl }, t('activity.shareLink')),
  };
  const label = (shortcut: Shortcut) =>
    shortcut === 'edit' && group === 'drafts' ? t('hosting.continueEdit') : t(`hosting.${shortcut}`);
  const shortcuts = shortcutsOf(activity, group);
  const signedUp =
    activity.capacity === null
      ? t('hosting.signedUp', { count: activity.seatsTaken })
      : t('hosting.signedUpOf', { count: activity.seatsTaken, capacity: activity.capacity });
  return (
    <li
      className={ui.panel}
      data-testid="hosted-item"
      data-id={activity.id}
      data-status={activity.status}
      data-role={activity.role}
    >
      <div className={css.head}>
        <button
          type="button"
          className={css.title}
          onClick={() => go(activity.status === 'draft' ? PATHS.manageActivity : PATHS.activityDetails)}
          data-testid="hosted-title"
        >
          {activity.title}
        </button>
        <span className={css.tags}>
          {activity.role === 'cohost' && (
            <Tag color="primary" fill="outline" data-testid="hosted-cohost">
              {t('hosting.cohost')}
            </Tag>
          )}
          <StateTag activity={activity} group={group} />
        </span>
      </div>
      <p className={ui.meta} data-testid="hosted-when">
        {formatWhen(activity.startsAt, activity.timezone, language)}
      </p>
      <p className={ui.meta}>
        {[placeLabel(activity), activity.status === 'draft' ? '' : signedUp].filter(Boolean).join(' · ')}
      </p>
      <fieldset className={css.actions} aria-label={t('hosting.actionsOf', { title: activity.title })}>
        {shortcuts.map((shortcut, index) => (
          <Button
            key={shortcut}
            size="small"
            variant={index === 0 ? 'primary' : 'secondary'}
            onClick={run[shortcut]}
            data-testid={`hosted-${shortcut}`}
          >
            {label(shortcut)}
          </Button>
        ))}
      </fieldset>
    </li>
  );
}

/**
 * The state chip of a hosted activity, or none: the past group's name already says "ended", so there only a
 * cancelled one has something more to say.
 */
export function stateTagOf(
  activity: Pick<HostedActivity, 'status' | 'phase'>,
  group: HostingGroup,
): 'draft' | 'cancelled' | HostedActivity['phase'] | null {
  if (activity.status === 'draft') return 'draft';
  if (activity.status === 'cancelled') return 'cancelled';
  return group === 'past' ? null : activity.phase;
}

function StateTag({ activity, group }: { activity: HostedActivity; group: HostingGroup }) {
  const { t } = useTranslation();
  const tag = stateTagOf(activity, group);
  if (tag === null) return null;
  if (tag === 'draft') return <Tag color="warning">{t('activity.statusDraft')}</Tag>;
  if (tag === 'cancelled') return <Tag fill="outline">{t('activity.statusCancelled')}</Tag>;
  return (
    <Tag color={tag === 'ongoing' ? 'success' : 'default'} fill={tag === 'ended' ? 'outline' : 'solid'}>
      {t(`activity.phase.${tag}`)}
    </Tag>
  );
}
