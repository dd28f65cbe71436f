import type { Activity } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import {
  DownlandOutline,
  EyeOutline,
  GiftOutline,
  LinkOutline,
  MailOutline,
  SoundOutline,
  StarOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { downloadAttendeesCsv, useCancelActivity } from '@/api/activity-manage.ts';
import { confirm } from '@/app/overlays.ts';
import { type AppPath, href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { ListGroup, ListRow } from '@/components/ListRow.tsx';
import { RepeatTool } from '@/components/series/RepeatTool.tsx';
import styles from './host.module.css';

/**
 * The manage page's tools, in order of use: what an organizer does on the day (scan tickets, review who waits,
 * the sign-in code, edit) as buttons; making it repeat (or its series), inviting and promoting, then the list and
 * the page, as rows grouped by purpose. Cancelling the activity (`CancelActivity`) ends the page, apart and red,
 * behind a confirmation.
 */
export function ManageTools({
  activity,
  pending,
  onReview,
}: {
  activity: Activity;
  /** Sign-ups waiting for approval: a review button when there are any. */
  pending: number;
  onReview(): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const go = (path: AppPath) => () => navigate(href(path, { id: activity.id }));
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAttendeesCsv(activity.id);
      Toast.show({ content: t('manage.exported') });
    } catch (error) {
      toastUnreported(error, t('manage.exportFailed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div data-testid="manage-tools">
      <section className={styles.section} aria-label={t('manage.tools')}>
        {activity.status === 'published' && (
          <Button variant="primary" size="large" block onClick={go(PATHS.checkinScan)} data-testid="manage-scan">
            {t('manage.scan')}
          </Button>
        )}
        {pending > 0 && (
          <Button variant="primary" block onClick={onReview} data-testid="manage-review">
            {t('manage.review', { count: pending })}
          </Button>
        )}
        <div className={styles.links}>
          <Button onClick={go(PATHS.checkinCode)} data-testid="manage-sign">
            {t('manage.sign')}
          </Button>
          <Button onClick={go(PATHS.editActivity)} data-testid="manage-edit">
            {t('manage.edit')}
          </Button>
        </div>
      </section>

      <RepeatTool activity={activity} />

      <ListGroup title={t('manage.groups.promote')} id="manage-promote" testId="manage-group-promote">
        <ListRow
          icon={<MailOutline />}
          title={t('manage.sendInvite')}
          onClick={go(PATHS.sendInvite)}
          testId="manage-send-invite"
        />
        <ListRow
          icon={<LinkOutline />}
          title={t('manage.inviteParticipants')}
          onClick={go(PATHS.inviteParticipants)}
          testId="manage-invite-participants"
        />
        <ListRow
          icon={<GiftOutline />}
          title={t('promo.title')}
          detail={t('promo.manageDetail')}
          onClick={go(PATHS.promoCodes)}
          testId="manage-promo-codes"
        />
        <ListRow
          icon={<SoundOutline />}
          title={t('manage.marketing')}
          onClick={go(PATHS.marketing)}
          testId="manage-marketing"
        />
        <ListRow
          icon={<StarOutline />}
          title={t('bounty.activity.title')}
          onClick={go(PATHS.taskBounty)}
          testId="manage-bounties"
        />
      </ListGroup>

      <ListGroup title={t('manage.groups.data')} id="manage-data" testId="manage-group-data">
        <ListRow
          icon={<DownlandOutline />}
          title={t('manage.export')}
          detail={t('manage.exportDetail')}
          value={exporting ? '…' : undefined}
          onClick={() => void exportCsv()}
          disabled={exporting}
          chevron={false}
          testId="manage-export"
        />
        <ListRow
          icon={<EyeOutline />}
          title={t('manage.view')}
          onClick={go(PATHS.activityDetails)}
          testId="manage-view"
        />
      </ListGroup>
    </div>
  );
}

/** The organizer's "cancel the activity": its own section at the page's end, red, and asked about first. */
export function CancelActivity({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const cancel = useCancelActivity(activity.id);
  if (!activity.can.cancelActivity) return null;
  const ask = async () => {
    const ok = await confirm({
      title: t('manage.cancelTitle'),
      content: t('manage.cancelConfirm'),
      confirmText: t('manage.cancelActivity'),
      cancelText: t('manage.cancelKeep'),
      danger: true,
    });
    if (!ok) return;
    cancel.mutate(undefined, {
      onSuccess: (result) => Toast.show({ content: t('manage.cancelDone', { count: result.cancelled }) }),
      onError: (error) => toastUnreported(error, t('manage.cancelFailed')),
    });
  };
  return (
    <section className={styles.danger} aria-labelledby="manage-danger-title" data-testid="manage-danger">
      <h2 className={styles.dangerTitle} id="manage-danger-title">
        {t('manage.dangerZone')}
      </h2>
      <p className={styles.hint}>{t('manage.cancelHint')}</p>
      <Button
        variant="danger"
        block
        loading={cancel.isPending}
        onClick={() => void ask()}
        data-testid="manage-cancel-activity"
      >
        {t('manage.cancelActivity')}
      </Button>
    </section>
  );
}
