import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type Bounty, useBounty } from '@/api/bounty.ts';
import { Frame } from '@/app/Frame.tsx';
import { PageNotFound } from '@/app/PageState.tsx';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { isBountyId } from '@/components/bounty/BountyBits.tsx';
import styles from '@/components/bounty/bounty.module.css';
import { BountyInfo } from '@/components/bounty/detail/BountyInfo.tsx';
import { CreatorPanel } from '@/components/bounty/detail/CreatorPanel.tsx';
import { DetailBar } from '@/components/bounty/detail/DetailBar.tsx';
import { MySubmission } from '@/components/bounty/detail/MySubmission.tsx';
import { SubmitForm } from '@/components/bounty/detail/SubmitForm.tsx';
import { QueryView } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { useSession } from '@/lib/session.ts';

/** /pages/bounty/bounty-detail/index?id= — the task and its reward, my submission, the form, the creator's tools. */
export default function BountyDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const valid = isBountyId(id);
  const bounty = useBounty(valid ? id : '');
  return (
    <Frame title={t('bounty.detail.title')}>
      <QueryView
        query={bounty}
        notFound={{
          missing: !valid,
          field: 'id',
          view: <PageNotFound title={t('bounty.notFoundTitle')} body={t('bounty.notFoundBody')} />,
        }}
        loadingTestId="bounty-detail-loading"
        errorTestId="bounty-detail-error"
      >
        {(data) => <Detail bounty={data} />}
      </QueryView>
    </Frame>
  );
}

function Detail({ bounty }: { bounty: Bounty }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  const mine = bounty.mySubmission;
  return (
    <div data-testid="bounty-detail" data-id={bounty.id}>
      <BountyInfo bounty={bounty} />
      {bounty.can.manage && <CreatorPanel bounty={bounty} />}
      {mine && (
        <div style={{ marginTop: 12 }}>
          <MySubmission bounty={bounty} />
        </div>
      )}
      {bounty.can.submit && (
        <div style={{ marginTop: 12 }}>
          <SubmitForm bounty={bounty} />
        </div>
      )}
      {!loggedIn && bounty.state === 'open' && (
        <div className={ui.card} style={{ marginTop: 12, textAlign: 'center' }}>
          <p className={ui.hint} style={{ marginBottom: 10 }}>
            {t('bounty.detail.loginToSubmit')}
          </p>
          <Button variant="primary" onClick={() => navigate(PATHS.login)} data-testid="bounty-login">
            {t('me.login')}
          </Button>
        </div>
      )}
      {loggedIn && !bounty.can.submit && !bounty.can.manage && !mine && bounty.state === 'open' && (
        <p className={styles.notice} style={{ marginTop: 12 }} data-testid="bounty-not-eligible">
          {bounty.audience === 'room'
            ? t('contract:bounty.roomOnly')
            : bounty.audience === 'attendees'
              ? t('contract:bounty.attendeesOnly', { title: bounty.activity?.title ?? '' })
              : t('bounty.detail.cannotSubmit')}
        </p>
      )}
      <DetailBar bounty={bounty} />
    </div>
  );
}
