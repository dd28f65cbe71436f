import { OIDC_PROVIDERS, type OidcProvider, TOAST_DURATION_MS } from '@polaris/contract';
import { Button, Popup, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { useLinkedProviders, useUnlinkProvider } from '@/api/oidc.ts';
import { CodeField, PasswordField, SubmitButton } from '@/components/auth/fields.tsx';
import ui from '@/components/ui.module.css';
import { useForm } from '@/components/useForm.ts';
import { CodeLoginForm, LoginForm } from '@/lib/auth-forms.ts';
import { useSession } from '@/lib/session.ts';
import { SecurityRow } from './SecurityRow.tsx';

const providerName = (provider: OidcProvider) => (provider === 'google' ? 'Google' : 'Apple');
const PasswordProof = LoginForm.pick({ password: true });
const CodeProof = CodeLoginForm.pick({ vcode: true });

/**
 * The security centre's Google and Apple rows (docs/sign-in-with-providers.md): each provider the server offers or
 * that is linked already. A linked one opens the sheet that unlinks it; an unlinked one says how to link (sign in
 * with it using the account's email: linking always starts at the provider).
 */
export function LinkedProviders() {
  const { t } = useTranslation();
  const email = useSession((state) => state.userInfo?.email ?? '');
  const offered = useAppConfig().data?.signInProviders ?? [];
  const linked = useLinkedProviders();
  const [unlinking, setUnlinking] = useState<OidcProvider | null>(null);
  const shown = OIDC_PROVIDERS.filter(
    (provider) => offered.includes(provider) || linked.data?.some((item) => item.provider === provider),
  );
  return (
    <>
      {shown.map((provider) => {
        const item = linked.data?.find((entry) => entry.provider === provider);
        const name = providerName(provider);
        return (
          <SecurityRow
            key={provider}
            title={t('signin.providers.row', { provider: name })}
            sub={item ? (item.email ?? undefined) : t('signin.providers.linkHint', { provider: name, email })}
            state={
              linked.isPending
                ? '…'
                : linked.isError
                  ? t('security.loadFailed')
                  : t(item ? 'signin.providers.linked' : 'signin.providers.notLinked')
            }
            onClick={item ? () => setUnlinking(provider) : undefined}
            testId={`security-provider-${provider}`}
          />
        );
      })}
      {unlinking && <UnlinkSheet provider={unlinking} email={email} onClose={() => setUnlinking(null)} />}
    </>
  );
}

function UnlinkSheet({ provider, email, onClose }: { provider: OidcProvider; email: string; onClose(): void }) {
  const { t } = useTranslation();
  const unlink = useUnlinkProvider();
  // An account made by signing in with a provider has no password; the emailed code works for everyone.
  const [proof, setProof] = useState<'password' | 'vcode'>('password');
  const form = useForm({ password: '', vcode: '' });
  const name = providerName(provider);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unlink.isPending) return;
    const input =
      proof === 'password'
        ? form.accept(form.validate(PasswordProof, { password: form.values.password }))
        : form.accept(form.validate(CodeProof, { vcode: form.values.vcode }));
    if (!input) return;
    unlink.mutate(
      { provider, ...input },
      {
        onSuccess: () => {
          Toast.show({ content: t('signin.providers.unlinked', { provider: name }), duration: TOAST_DURATION_MS });
          onClose();
        },
        onError: form.reportTo(['password', 'vcode']),
      },
    );
  };

  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyStyle={{ borderRadius: '16px 16px 0 0' }}>
      <div className={ui.sheet} role="dialog" aria-labelledby="unlink-sheet-title" data-testid="unlink-sheet">
        <h2 className={ui.sheetTitle} id="unlink-sheet-title">
          {t('signin.providers.unlinkTitle', { provider: name })}
        </h2>
        <p className={ui.hint} style={{ marginBottom: 12 }}>
          {t('signin.providers.unlinkSub', { provider: name, email })}
        </p>
        <form className={ui.form} noValidate onSubmit={submit}>
          {proof === 'password' ? (
            <PasswordField id="unlink-password" autoComplete="current-password" {...form.field('password')} />
          ) : (
            <CodeField
              id="unlink-code"
              email={email}
              purpose="login"
              sendTestId="unlink-send"
              onEmailError={(message) => form.setError('vcode', message)}
              {...form.field('vcode')}
            />
          )}
          <SubmitButton testId="unlink-submit" pending={unlink.isPending}>
            {t('signin.providers.unlinkSubmit')}
          </SubmitButton>
          <Button
            type="button"
            fill="none"
            color="primary"
            block
            onClick={() => {
              form.reset();
              setProof(proof === 'password' ? 'vcode' : 'password');
            }}
            data-testid="unlink-switch"
          >
            {t(proof === 'password' ? 'signin.useCode' : 'signin.usePassword')}
          </Button>
        </form>
      </div>
    </Popup>
  );
}
