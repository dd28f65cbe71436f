import { BOUNTY_LIMITS } from '@polaris/contract';
import { CalendarOutline, ClockCircleOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Bounty } from '@/api/bounty.ts';
import { href, PATHS } from '@/app/paths.ts';
import { avatarUrl } from '@/components/chat/format.ts';
import ui from '@/components/ui.module.css';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure } from '@/lib/wallet.ts';
import { BountyStateBadge, Reward, useDeadlineLabel, winnersLeft } from '../BountyBits.tsx';
import styles from '../bounty.module.css';

/** The task: title, state, reward, winners, deadline, what to submit, who may, creator, activity, description. */
export function BountyInfo({ bounty }: { bounty: Bounty }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const left = useDeadlineLabel(bounty);
  const avatar = avatarUrl(bounty.creator.avatar);
  return (
    <>
      <section className={ui.card} data-testid="bounty-info" data-state={bounty.state}>
        <div className={styles.cardHead} style={{ marginBottom: 8 }}>
          <span className={`${ui.badge} ${ui.info}`}>{t(`bounty.category.${bounty.category}`)}</span>
          <BountyStateBadge state={bounty.state} />
        </div>
        <h2 className={styles.title} data-testid="bounty-title">
          {bounty.title}
        </h2>
        <Reward bounty={bounty} testId="bounty-reward" />
        <div className={styles.stats}>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="bounty-pool">
              {amountFigure(bounty.total, bounty.asset)}
            </span>
            <span className={styles.statLabel}>{t('bounty.detail.pool', { asset: bounty.asset })}</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="bounty-winners-left">
              {winnersLeft(bounty)}/{bounty.winners}
            </span>
            <span className={styles.statLabel}>{t('bounty.detail.winnersLeft')}</span>
          </div>
          <div className={styles.stat}>
            <span className={styles.statValue} data-testid="bounty-pending">
              {bounty.pendingCount}
            </span>
            <span className={styles.statLabel}>{t('bounty.detail.pending')}</span>
          </div>
        </div>
      </section>

      <section className={ui.card}>
        <dl className={ui.kvList}>
          <div className={ui.kv}>
            <dt>
              <CalendarOutline aria-hidden /> {t('bounty.fields.deadline')}
            </dt>
            <dd data-testid="bounty-deadline">
              {formatDateAndTime(bounty.deadline, language)}
              {left && <span className={ui.muted}> · {left}</span>}
            </dd>
          </div>
          {bounty.state === 'reviewing' && (
            <div className={ui.kv}>
              <dt>
                <ClockCircleOutline aria-hidden /> {t('bounty.detail.reviewUntil')}
              </dt>
              <dd>{formatDateAndTime(bounty.reviewUntil, language)}</dd>
            </div>
          )}
          <div className={ui.kv}>
            <dt>{t('bounty.fields.submitKinds')}</dt>
            <dd className={styles.kinds} style={{ justifyContent: 'flex-end' }}>
              {bounty.submitKinds.map((kind) => (
                <span key={kind} className={`${ui.badge} ${ui.info}`}>
                  {t(`bounty.kind.${kind}`)}
                </span>
              ))}
            </dd>
          </div>
          <div className={ui.kv}>
            <dt>{t('bounty.fields.audience')}</dt>
            <dd data-testid="bounty-audience">
              {bounty.audience === 'attendees' && bounty.activity
                ? t('bounty.audience.attendeesOf', { title: bounty.activity.title })
                : t(`bounty.audience.${bounty.audience}`)}
            </dd>
          </div>
          {bounty.activity && (
            <div className={ui.kv}>
              <dt>{t('bounty.detail.activity')}</dt>
              <dd>
                <button
                  type="button"
                  className={ui.link}
                  style={{ textAlign: 'right' }}
                  onClick={() => navigate(href(PATHS.activityDetails, { id: bounty.activity!.id }))}
                  data-testid="bounty-activity"
                >
                  {bounty.activity.title}
                </button>
              </dd>
            </div>
          )}
        </dl>
        <div className={styles.person} style={{ marginTop: 8 }} data-testid="bounty-creator">
          {avatar ? (
            <img className={styles.avatar} src={avatar} alt="" />
          ) : (
            <span className={styles.avatar} aria-hidden>
              {bounty.creator.name ? bounty.creator.name.slice(0, 1).toUpperCase() : <UserOutline />}
            </span>
          )}
          <div className={ui.rowMain}>
            <p className={ui.rowTitle} style={{ fontSize: 14 }}>
              {bounty.creator.name || t('bounty.detail.someone', { uid: bounty.creator.uid })}
            </p>
            <p className={ui.rowSub}>
              {t('bounty.detail.postedAt', { date: formatDateAndTime(bounty.createdAt, language) })}
            </p>
          </div>
        </div>
      </section>

      {bounty.description && (
        <section className={ui.card}>
          <h2 className={styles.panelTitle}>{t('bounty.detail.about')}</h2>
          <p className={styles.description} data-testid="bounty-description">
            {bounty.description}
          </p>
        </section>
      )}

      {bounty.state === 'ended' && (
        <p className={styles.notice} style={{ marginTop: 12 }}>
          {t('bounty.detail.endedNote', { hours: BOUNTY_LIMITS.reviewWindowHours })}
        </p>
      )}
    </>
  );
}
