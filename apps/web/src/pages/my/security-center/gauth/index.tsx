import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type TotpEnrolment, useTotpConfirm, useTotpDisable, useTotpEnrol, useTotpStatus } from '@/api/security.ts';
import { Frame } from '@/app/Frame.tsx';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TotpInput } from '@/components/SecondFactorField.tsx';
import ui from '@/components/ui.module.css';
import { fieldErrorsOf, isApiError } from '@/lib/api-error.ts';
import { copyText } from '@/lib/clipboard.ts';
import { groupSecret, isTotpInput } from '@/lib/security.ts';

/**
 * Google Authenticator: scan the QR code or copy the key, confirm with a first code, keep the recovery codes
 * (shown this once); or turn it off with a code (docs/security-centre.md).
 */
export default function GoogleAuthPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('security.gauth.title')}>
      <RequireLogin>
        <GoogleAuth />
      </RequireLogin>
    </Frame>
  );
}

/** The message of a refused code: the server's (wrong, reused, locked) or the field's. */
function codeErrorOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.kind === 'invalid') return error.fields[0]?.message ?? error.message;
  if (error.unreported) return error.message;
  return fieldErrorsOf(error.attachment)[0]?.message;
}

function GoogleAuth() {
  const status = useTotpStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} />;
  if (status.isPending) return <Loading testId="gauth-loading" />;
  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  return status.data.enabled ? (
    <TurnOff left={status.data.recoveryCodesLeft} />
  ) : (
    <Enrol onEnabled={setRecoveryCodes} />
  );
}

function CodeForm({
  id,
  pending,
  submitLabel,
  serverError,
  danger,
  onSubmit,
}: {
  id: string;
  pending: boolean;
  submitLabel: string;
  serverError?: string;
  danger?: boolean;
  onSubmit(code: string): void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [local, setLocal] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!isTotpInput(code)) return setLocal(t('contract:security.totpFormat'));
    setLocal(undefined);
    onSubmit(code.trim());
  };
  return (
    <form className={ui.form} style={{ marginTop: 12 }} onSubmit={submit} noValidate>
      <TotpInput
        id={id}
        label={t('security.gauth.codeLabel')}
        placeholder={t('security.gauth.codePlaceholder')}
        value={code}
        onChange={(typed) => {
          setCode(typed);
          setLocal(undefined);
        }}
        error={local ?? serverError}
      />
      <Button
        type="submit"
        block
        size="large"
        variant={danger ? 'danger' : 'primary'}
        loading={pending}
        disabled={pending}
        data-testid={`${id}-submit`}
      >
        {submitLabel}
      </Button>
    </form>
  );
}

function Enrol({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const { t } = useTranslation();
  const enrol = useTotpEnrol();
  const confirm = useTotpConfirm();
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();

  if (!enrolment) {
    return (
      <section className={ui.card} data-testid="gauth-off">
        <p className={ui.rowTitle}>{t('security.off')}</p>
        <p className={ui.hint} style={{ marginTop: 8 }}>
          {t('security.gauth.offExplain')}
        </p>
        <Button
          variant="primary"
          block
          style={{ marginTop: 16 }}
          loading={enrol.isPending}
          onClick={() => enrol.mutate(undefined, { onSuccess: setEnrolment })}
          data-testid="gauth-start"
        >
          {t('security.gauth.start')}
        </Button>
      </section>
    );
  }
  const copySecret = async () => {
    const label = t('security.gauth.secretLabel');
    const done = await copyText(enrolment.secret);
    Toast.show({ content: t(done ? 'common.copied' : 'common.copyFailed', { label }), duration: TOAST_DURATION_MS });
  };
  return (
    <section className={ui.card} data-testid="gauth-enrol">
      <p className={ui.hint}>{t('security.gauth.step1')}</p>
      <SecretQr uri={enrolment.uri} alt={t('security.gauth.qrAlt')} />
      <p className={ui.hint} style={{ textAlign: 'center' }}>
        {t('security.gauth.secretLabel')}
      </p>
      <p
        style={{
          textAlign: 'center',
          fontFamily: 'monospace',
          fontSize: 15,
          overflowWrap: 'anywhere',
          margin: '4px 0',
        }}
        data-testid="gauth-secret"
        data-secret={enrolment.secret}
      >
        {groupSecret(enrolment.secret)}
      </p>
      <div style={{ textAlign: 'center' }}>
        <Button size="small" onClick={() => void copySecret()} data-testid="gauth-copy-secret">
          {t('common.copy', { label: t('security.gauth.secretLabel') })}
        </Button>
      </div>
      <p className={ui.hint} style={{ marginTop: 16 }}>
        {t('security.gauth.step2')}
      </p>
      <CodeForm
        id="gauth-confirm"
        pending={confirm.isPending}
        submitLabel={t('security.gauth.confirm')}
        serverError={codeErrorOf(confirm.error)}
        onSubmit={(code) =>
          confirm.mutate(code, {
            onSuccess: (result) => {
              Toast.show({ content: t('security.gauth.enabled'), duration: TOAST_DURATION_MS });
              onEnabled(result.recoveryCodes);
            },
          })
        }
      />
    </section>
  );
}

function SecretQr({ uri, alt }: { uri: string; alt: string }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { margin: 1, width: 400, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(''));
    return () => {
      live = false;
    };
  }, [uri]);
  const box = { display: 'block', width: 200, height: 200, margin: '12px auto' } as const;
  return src ? <img style={box} src={src} alt={alt} data-testid="gauth-qr" /> : <div style={box} aria-hidden />;
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const copyAll = async () => {
    const label = t('security.gauth.codesLabel');
    const done = await copyText(codes.join('\n'));
    Toast.show({ content: t(done ? 'common.copied' : 'common.copyFailed', { label }), duration: TOAST_DURATION_MS });
  };
  return (
    <section className={ui.card} data-testid="gauth-recovery">
      <h2 className={ui.rowTitle}>{t('security.gauth.recoveryTitle')}</h2>
      <p className={ui.hint} style={{ marginTop: 8 }}>
        {t('security.gauth.recoveryExplain')}
      </p>
      <ol
        style={{
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: 8,
          fontFamily: 'monospace',
          fontSize: 15,
          margin: '12px 0',
          paddingLeft: 28,
        }}
        data-testid="gauth-recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className={ui.actions}>
        <Button onClick={() => void copyAll()} data-testid="gauth-copy-codes">
          {t('security.gauth.copyCodes')}
        </Button>
        <Button
          variant="primary"
          onClick={() => navigate(PATHS.securityCenter, { replace: true })}
          data-testid="gauth-done"
        >
          {t('security.gauth.done')}
        </Button>
      </div>
    </section>
  );
}

function TurnOff({ left }: { left: number }) {
  const { t } = useTranslation();
  const disable = useTotpDisable();
  return (
    <section className={ui.card} data-testid="gauth-on">
      <p className={`${ui.rowTitle}`}>
        <span className={`${ui.badge} ${ui.success}`}>{t('security.on')}</span>
      </p>
      <p className={ui.hint} style={{ marginTop: 8 }}>
        {t('security.gauth.onExplain', { count: left })}
      </p>
      <p className={ui.hint} style={{ marginTop: 16 }}>
        {t('security.gauth.disableExplain')}
      </p>
      <CodeForm
        id="gauth-disable"
        danger
        pending={disable.isPending}
        submitLabel={t('security.gauth.disable')}
        serverError={codeErrorOf(disable.error)}
        onSubmit={(code) =>
          disable.mutate(code, {
            onSuccess: () => Toast.show({ content: t('security.gauth.disabled'), duration: TOAST_DURATION_MS }),
          })
        }
      />
    </section>
  );
}
