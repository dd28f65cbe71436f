import { activityIdField } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import styles from '@/components/bounty/bounty.module.css';
import { BountyForm } from '@/components/bounty/create/BountyForm.tsx';
import { useBountyForm } from '@/components/bounty/create/useBountyForm.ts';
import { RequireLogin } from '@/components/RequireLogin.tsx';

/**
 * /pages/bounty/bounty-create/index — a new bounty, its pool escrowed on creation. `?activityId=` makes it an
 * activity bounty (its checked-in attendees by default); then the new bounty's detail replaces this page.
 */
export default function BountyCreatePage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('bounty.create.title')}>
      <RequireLogin>
        <CreateBounty />
      </RequireLogin>
    </Frame>
  );
}

function CreateBounty() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('activityId') ?? '';
  const activityId = activityIdField.safeParse(raw).success ? raw : undefined;
  const form = useBountyForm({
    activityId,
    onCreated: (bounty) => navigate(href(PATHS.bountyDetail, { id: bounty.id }), { replace: true }),
  });
  return (
    <BountyForm
      form={form}
      notice={
        activityId && (
          <p className={styles.notice} data-testid="bounty-create-activity">
            {t('bounty.create.forActivity')}
          </p>
        )
      }
    />
  );
}
