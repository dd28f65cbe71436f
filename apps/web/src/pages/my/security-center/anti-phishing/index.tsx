import { ANTI_PHISHING_CODE_PATTERN, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAntiPhishingStatus, useChangeAntiPhishing } from '@/api/security.ts';
import { Frame } from '@/app/Frame.tsx';
import { CodeField, SubmitButton } from '@/components/auth/fields.tsx';
import { Button } from '@/components/Button.tsx';
import { ListRow as Row } from '@/components/ListRow.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';

/**
 * The anti-phishing code: what it is, where it appears, that we never ask for it; the code set now (masked), and
 * setting, changing or removing it with a mailed code and, with Google Authenticator on, its code
 * (docs/security-centre.md, "Anti-phishing code").
 */
export default function AntiPhishingPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('security.antiPhishing.title')}>
      <RequireLogin>
        <Explanation />
        <AntiPhishingForm />
      </RequireLogin>
    </Frame>
  );
}

function Explanation() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-label={t('security.antiPhishing.title')} data-testid="anti-phishing-explain">
      <p className={ui.hint}>{t('security.antiPhishing.what')}</p>
      <p className={ui.hint} style={{ marginTop: 8 }}>
        {t('security.antiPhishing.check')}
      </p>
      <p className={ui.hint} style={{ marginTop: 8 }}>
        <strong>{t('security.antiPhishing.never')}</strong>
      </p>
    </section>
  );
}

type Field = 'code' | 'vcode';

function AntiPhishingForm() {
  const { t } = useTranslation();
  const email = useSession((state) => state.userInfo?.email ?? '');
  const status = useAntiPhishingStatus();
  const change = useChangeAntiPhishing();
  const factor = useSecondFactor('/user/antiPhishing/change');
  const [values, setValues] = useState<Record<Field, string>>({ code: '', vcode: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  if (status.isPending) return <Loading testId="anti-phishing-loading" />;
  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  const current = status.data;

  const bind = (name: Field, clean: (value: string) => string = (value) => value) => ({
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((before) => ({ ...before, [name]: clean(value) }));
      setErrors((before) => ({ ...before, [name]: undefined }));
    },
  });

  /** `remove`: the code goes (the field is not read); otherwise the typed one is set. */
  const send = (remove: boolean) => {
    if (change.isPending) return;
    const code = values.code.trim();
    const found: Partial<Record<Field, string>> = {};
    if (!remove && !ANTI_PHISHING_CODE_PATTERN.test(code)) found.code = t('contract:security.antiPhishingFormat');
    if (!/^\d{6}$/.test(values.vcode)) found.vcode = t('contract:validation.vcodeFormat');
    setErrors(found);
    const second = factor.take();
    if (Object.keys(found).length > 0 || !second) return;
    change.mutate(
      { code: remove ? null : code, vcode: values.vcode, ...second },
      {
        onSuccess: () => {
          factor.reset();
          setValues({ code: '', vcode: '' });
          Toast.show({
            content: t(remove ? 'security.antiPhishing.removed' : 'security.antiPhishing.saved'),
            duration: TOAST_DURATION_MS,
          });
        },
        onError: (error) => {
          if (factor.handle(error)) return;
          if (!isApiError(error) || !error.unreported) return;
          const next: Partial<Record<Field, string>> = {};
          for (const { field, message } of error.fields) next[field === 'code' ? 'code' : 'vcode'] ??= message;
          if (Object.keys(next).length === 0) next.vcode = error.message;
          setErrors(next);
        },
      },
    );
  };

  const typed = values.code.trim();
  return (
    <form
      className={`${ui.form} ${ui.section}`}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        send(false);
      }}
    >
      <div className={ui.list}>
        <Row
          title={t('security.antiPhishing.current')}
          value={current.masked ?? t('security.antiPhishing.notSet')}
          testId="anti-phishing-current"
        />
      </div>
      <div>
        <TextField
          id="anti-phishing-code"
          testId="anti-phishing-code"
          label={t(current.set ? 'security.antiPhishing.codeNew' : 'security.antiPhishing.codeLabel')}
          autoComplete="off"
          maxLength={20}
          {...bind('code')}
        />
        <p className={ui.hint} data-testid="anti-phishing-preview">
          {ANTI_PHISHING_CODE_PATTERN.test(typed)
            ? t('security.antiPhishing.preview', { line: t('contract:mail.antiPhishing', { code: typed }) })
            : t('security.antiPhishing.codeHint')}
        </p>
      </div>
      <p className={ui.hint}>{t('security.antiPhishing.proof', { email })}</p>
      <CodeField
        id="anti-phishing-vcode"
        email={email}
        purpose="antiPhishing"
        sendTestId="anti-phishing-send-code"
        onEmailError={(message) => setErrors((before) => ({ ...before, vcode: message }))}
        {...bind('vcode', (value) => value.replace(/\D/g, ''))}
      />
      <SecondFactorField factor={factor} id="anti-phishing-totp" />
      <SubmitButton testId="anti-phishing-save" pending={change.isPending}>
        {t('security.antiPhishing.save')}
      </SubmitButton>
      {current.set && (
        <Button
          variant="danger"
          block
          disabled={change.isPending}
          onClick={() => send(true)}
          data-testid="anti-phishing-remove"
        >
          {t('security.antiPhishing.remove')}
        </Button>
      )}
    </form>
  );
}
