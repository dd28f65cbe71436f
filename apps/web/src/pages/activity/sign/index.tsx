import { SelfCheckinInput, TOAST_DURATION_MS } from '@polaris/contract';
import { Result, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type CheckinResult, useActivity, useSelfCheckin } from '@/api/activity.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { ActivityNotFound, isActivityId } from '@/components/activity/ActivityNotFound.tsx';
import ui from '@/components/activity/activity.module.css';
import { formatWhen } from '@/components/activity/time.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TextField } from '@/components/TextField.tsx';
import { isApiError, isNotFound } from '@/lib/api-error.ts';
import { apiAsset } from '@/lib/api-origin.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';

/** Self check-in with the 6-digit code shown at the venue; success shows the attendance NFT. */
export default function SelfSignPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('code') ?? '';
  const valid = isActivityId(id);
  // Anyone may read an activity, so an unknown one is told apart before asking the guest to log in.
  const activity = useActivity(valid ? id : '');
  return (
    <Frame title={t('activity.selfCheckin')}>
      {!valid || isNotFound(activity.error, 'id') ? (
        <ActivityNotFound />
      ) : activity.isPending ? (
        // Not the guest wall yet: an activity that turns out not to exist is said so, not asked to log in for.
        <Loading testId="sign-loading" />
      ) : activity.isError ? (
        <LoadFailed onRetry={() => void activity.refetch()} message={activity.error.message} testId="sign-error" />
      ) : (
        <RequireLogin>
          <SignForm id={id} />
        </RequireLogin>
      )}
    </Frame>
  );
}

function SignForm({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const activity = useActivity(id);
  const checkin = useSelfCheckin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<CheckinResult>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!SelfCheckinInput.shape.signCode.safeParse(code).success)
      return setError(t('contract:activity.signCodeFormat'));
    setError(undefined);
    checkin.mutate(
      { activityId: id, signCode: code.trim() },
      {
        onSuccess: setResult,
        onError: (failure) => {
          if (!isApiError(failure) || !failure.unreported) return;
          const message = failure.fields[0]?.message ?? failure.message;
          setError(message);
          Toast.show({ content: message, duration: TOAST_DURATION_MS });
        },
      },
    );
  };

  if (result) {
    return (
      <div data-testid="sign-success">
        <Result status="success" title={t('activity.checkedIn')} description={result.ticketType} />
        <div className={ui.panel} style={{ textAlign: 'center' }} data-testid="sign-nft">
          <img
            src={apiAsset(result.nft.image)}
            alt={t('nft.alt', { title: result.nft.activity.title })}
            style={{ width: 200, height: 200 }}
          />
          <p className={ui.cardTitle}>{result.nft.activity.title}</p>
          <p className={ui.meta}>
            #{result.nft.tokenId} · {formatDateAndTime(result.nft.mintedAt, language)}
          </p>
        </div>
        <Button
          variant="primary"
          block
          style={{ marginTop: 16 }}
          onClick={() => navigate(PATHS.myNft)}
          data-testid="sign-view-nfts"
        >
          {t('nft.viewAll')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      {activity.data && (
        <div className={ui.panel} style={{ marginBottom: 16 }}>
          <p className={ui.cardTitle}>{activity.data.title}</p>
          <p className={ui.meta}>{formatWhen(activity.data.startsAt, activity.data.timezone, language)}</p>
        </div>
      )}
      <p className={ui.muted}>{t('activity.signHint')}</p>
      <TextField
        id="sign-code"
        testId="sign-code"
        label={t('activity.signCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(value) => setCode(value.replace(/\D/g, ''))}
        error={error}
      />
      <Button
        variant="primary"
        block
        type="submit"
        style={{ marginTop: 16 }}
        loading={checkin.isPending}
        data-testid="sign-submit"
      >
        {t('activity.checkIn')}
      </Button>
    </form>
  );
}
