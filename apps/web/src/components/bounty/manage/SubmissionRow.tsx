import { BOUNTY_LIMITS, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Bounty, type BountySubmission, useReviewSubmission } from '@/api/bounty.ts';
import { confirm } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { chatImageUrl } from '@/components/chat/format.ts';
import { control, Field } from '@/components/Field.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';
import { SubmissionBadge } from '../BountyBits.tsx';
import styles from '../bounty.module.css';

const personName = (submission: BountySubmission) => submission.person.name || `#${submission.person.uid}`;

/**
 * One submission in the review queue: who, what they sent, its state; while it waits and the bounty can still
 * pay, approve (confirmed: "pay X to Y", paid at once) or reject with a reason. A paid one shows its ledger entry.
 */
export function SubmissionRow({ bounty, submission }: { bounty: Bounty; submission: BountySubmission }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const review = useReviewSubmission();
  const [rejecting, setRejecting] = useState(false);
  const reviewable = submission.state === 'pending' && bounty.can.review;

  const approve = async () => {
    const ok = await confirm({
      title: t('bounty.manage.approveTitle'),
      content: t('bounty.manage.approveConfirm', {
        amount: amountFigure(bounty.perWinner, bounty.asset),
        asset: bounty.asset,
        name: personName(submission),
      }),
      confirmText: t('bounty.manage.pay'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    review.mutate(
      { submissionId: submission.id, decision: 'approve' },
      {
        onSuccess: () =>
          Toast.show({
            content: t('bounty.manage.paid', {
              amount: amountFigure(bounty.perWinner, bounty.asset),
              asset: bounty.asset,
              name: personName(submission),
            }),
            duration: TOAST_DURATION_MS,
          }),
        onError: (error) => toastUnreported(error),
      },
    );
  };

  return (
    <li
      className={styles.submission}
      data-testid="bounty-submission"
      data-id={submission.id}
      data-state={submission.state}
      data-uid={submission.person.uid}
    >
      <div className={styles.cardHead}>
        <div className={ui.rowMain}>
          <p className={ui.rowTitle} style={{ fontSize: 14 }}>
            {personName(submission)}
          </p>
          <p className={ui.rowSub}>{formatDateAndTime(submission.createdAt, language)}</p>
        </div>
        <SubmissionBadge state={submission.state} />
      </div>
      {submission.text && <p className={styles.submissionText}>{submission.text}</p>}
      {submission.link && (
        <a
          className={styles.submissionLink}
          href={submission.link}
          target="_blank"
          rel="noopener noreferrer nofollow"
          data-testid="bounty-submission-link"
        >
          {submission.link}
        </a>
      )}
      {submission.imageId && (
        <img className={styles.submissionImage} src={chatImageUrl(submission.imageId, 640)} alt="" loading="lazy" />
      )}
      {submission.state === 'approved' && (
        <dl className={ui.kvList}>
          {submission.amount && (
            <div className={ui.kv}>
              <dt>{t('bounty.manage.paidAmount')}</dt>
              <dd data-testid="bounty-submission-amount">{assetAmount(submission.amount, bounty.asset)}</dd>
            </div>
          )}
        </dl>
      )}
      {submission.state === 'rejected' && submission.reason && (
        <p className={styles.notice}>{t('bounty.mine.reason', { reason: submission.reason })}</p>
      )}
      {reviewable && (
        <div className={styles.rowActions}>
          <Button
            variant="danger"
            size="small"
            disabled={review.isPending}
            onClick={() => setRejecting(true)}
            data-testid="bounty-reject"
          >
            {t('bounty.manage.reject')}
          </Button>
          <Button
            variant="primary"
            size="small"
            loading={review.isPending}
            onClick={() => void approve()}
            data-testid="bounty-approve"
          >
            {t('bounty.manage.approve')}
          </Button>
        </div>
      )}
      <RejectSheet
        visible={rejecting}
        name={personName(submission)}
        pending={review.isPending}
        onClose={() => setRejecting(false)}
        onReject={(reason) =>
          review.mutate(
            { submissionId: submission.id, decision: 'reject', reason },
            { onSuccess: () => setRejecting(false), onError: (error) => toastUnreported(error) },
          )
        }
      />
    </li>
  );
}

/** The reason a submission is rejected, which its author sees; required. */
function RejectSheet({
  visible,
  name,
  pending,
  onClose,
  onReject,
}: {
  visible: boolean;
  name: string;
  pending: boolean;
  onClose(): void;
  onReject(reason: string): void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Sheet visible={visible} onClose={onClose} blocking={pending} destroyOnClose>
      <form
        className={ui.sheet}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') return setError(t('bounty.manage.reasonRequired'));
          onReject(reason.trim());
        }}
        data-testid="bounty-reject-sheet"
      >
        <h2 className={ui.sheetTitle}>{t('bounty.manage.rejectTitle', { name })}</h2>
        <Field id="bounty-reject-reason" label={t('bounty.manage.reason')} error={error}>
          <textarea
            {...control('bounty-reject-reason', error, 'textarea')}
            maxLength={BOUNTY_LIMITS.reasonMax}
            placeholder={t('bounty.manage.reasonPlaceholder')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
          />
        </Field>
        <div className={ui.actions}>
          <Button onClick={onClose} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" type="submit" loading={pending} data-testid="bounty-reject-confirm">
            {t('bounty.manage.reject')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
