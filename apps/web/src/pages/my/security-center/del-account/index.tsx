import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useDeleteAccount, useDeletionCheck } from '@/api/security.ts';
import { Frame } from '@/app/Frame.tsx';
import { confirm } from '@/app/overlays.ts';
import { PATHS } from '@/app/paths.ts';
import { CodeField, PasswordField } from '@/components/auth/fields.tsx';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';

/**
 * Delete the account (app stores require it): what is lost, what must be settled first, then the login password,
 * an emailed code and, when on, the authenticator code (docs/security-centre.md).
 */
export default function DeleteAccountPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('security.del.title')}>
      <RequireLogin>
        <DeleteAccount />
      </RequireLogin>
    </Frame>
  );
}

function DeleteAccount() {
  const { t } = useTranslation();
  const check = useDeletionCheck();
  return (
    <>
      <section className={ui.card}>
        <p className={ui.rowTitle}>{t('security.del.lose')}</p>
        <ul className={ui.hint} style={{ paddingLeft: 20, margin: '8px 0' }}>
          <li>{t('security.del.lose1')}</li>
          <li>{t('security.del.lose2')}</li>
          <li>{t('security.del.lose3')}</li>
        </ul>
        <p className={ui.hint}>{t('security.del.keep')}</p>
      </section>
      {check.isPending ? (
        <Loading testId="del-check-loading" />
      ) : check.isError ? (
        <LoadFailed onRetry={() => void check.refetch()} />
      ) : check.data.canDelete ? (
        <DeleteForm />
      ) : (
        <section className={ui.card} data-testid="del-blocked">
          <p className={`${ui.rowTitle} ${ui.danger}`}>{t('security.del.blocked')}</p>
          <ul style={{ paddingLeft: 20, margin: '8px 0 0' }}>
            {check.data.funds.map((fund) => (
              <li key={fund.asset}>{t('security.del.funds', fund)}</li>
            ))}
            {check.data.earnings.map((fund) => (
              <li key={`earnings-${fund.asset}`}>{t('security.del.earnings', fund)}</li>
            ))}
            {check.data.tickets > 0 && <li>{t('security.del.tickets', { count: check.data.tickets })}</li>}
            {check.data.hostedActivities > 0 && (
              <li>{t('security.del.hosted', { count: check.data.hostedActivities })}</li>
            )}
            {check.data.redPackets > 0 && <li>{t('security.del.redPackets', { count: check.data.redPackets })}</li>}
            {check.data.bounties > 0 && <li>{t('security.del.bounties', { count: check.data.bounties })}</li>}
            {check.data.airdrops > 0 && <li>{t('security.del.airdrops', { count: check.data.airdrops })}</li>}
          </ul>
        </section>
      )}
    </>
  );
}

type Field = 'password' | 'vcode';

function DeleteForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useSession((state) => state.userInfo?.email ?? '');
  const remove = useDeleteAccount();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', vcode: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const factor = useSecondFactor('/user/deleteAccount');
  const bind = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const found: Partial<Record<Field, string>> = {};
    if (values.password === '') {
      found.password = t('contract:validation.required', { field: t('security.del.password') });
    }
    if (!/^\d{6}$/.test(values.vcode)) found.vcode = t('contract:validation.vcodeFormat');
    setErrors(found);
    const code = factor.take();
    if (Object.keys(found).length > 0 || !code) return;
    if (!(await confirm({ content: t('security.del.confirm'), cancelText: t('common.cancel') }))) return;
    remove.mutate(
      { password: values.password, vcode: values.vcode, ...code },
      {
        onSuccess: () => {
          Toast.show({ content: t('security.del.done'), duration: TOAST_DURATION_MS });
          navigate(PATHS.activityHome, { replace: true });
        },
        onError: (error) => {
          if (factor.handle(error)) return;
          if (!isApiError(error) || !error.unreported) return;
          const field = error.fields[0]?.field === 'vcode' ? 'vcode' : 'password';
          setErrors({ [field]: error.fields[0]?.message ?? error.message });
        },
      },
    );
  };

  return (
    <form className={`${ui.card} ${ui.form}`} noValidate onSubmit={(event) => void submit(event)}>
      <p className={ui.hint}>{t('security.del.clean')}</p>
      <PasswordField
        id="del-password"
        label={t('security.del.password')}
        autoComplete="current-password"
        {...bind('password')}
      />
      <CodeField
        id="del-code"
        email={email}
        purpose="delete"
        sendTestId="del-send-code"
        onEmailError={(message) => setErrors((current) => ({ ...current, vcode: message }))}
        {...bind('vcode')}
      />
      <SecondFactorField factor={factor} id="del-totp" />
      <Button
        variant="danger"
        type="submit"
        size="large"
        block
        loading={remove.isPending}
        disabled={remove.isPending}
        data-testid="del-submit"
      >
        {t('security.del.submit')}
      </Button>
    </form>
  );
}
