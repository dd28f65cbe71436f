import { OIDC_PROVIDERS, type OidcProvider, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { useLinkedProviders, useUnlinkProvider } from '@/api/oidc.ts';
import { ProofFields, useProofForm } from '@/components/auth/ProofForm.tsx';
import { ListRow } from '@/components/ListRow.tsx';
import { useSecondFactor } from '@/components/SecondFactorField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import ui from '@/components/ui.module.css';
import { useSession } from '@/lib/session.ts';

const providerName = (provider: OidcProvider) => (provider === 'google' ? 'Google' : 'Apple');

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
          <ListRow
            key={provider}
            title={t('signin.providers.row', { provider: name })}
            detail={item ? (item.email ?? undefined) : t('signin.providers.linkHint', { provider: name, email })}
            value={
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
  const proof = useProofForm();
  const secondFactor = useSecondFactor('/user/identity/providers/unlink');
  const name = providerName(provider);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (unlink.isPending) return;
    const input = proof.checked();
    const code = secondFactor.take();
    if (!input || !code) return;
    unlink.mutate(
      { provider, ...input, ...code },
      {
        onSuccess: () => {
          Toast.show({ content: t('signin.providers.unlinked', { provider: name }), duration: TOAST_DURATION_MS });
          onClose();
        },
        onError: (error) => {
          if (!secondFactor.handle(error)) proof.form.reportTo(['password', 'vcode'])(error);
        },
      },
    );
  };

  return (
    <Sheet labelledBy="unlink-sheet-title" visible onClose={onClose}>
      <div className={ui.sheet} data-testid="unlink-sheet">
        <h2 className={ui.sheetTitle} id="unlink-sheet-title">
          {t('signin.providers.unlinkTitle', { provider: name })}
        </h2>
        <p className={ui.hint} style={{ marginBottom: 12 }}>
          {t('signin.providers.unlinkSub', { provider: name, email })}
        </p>
        <form className={ui.form} noValidate onSubmit={submit}>
          <ProofFields
            proof={proof}
            idPrefix="unlink"
            email={email}
            submitLabel={t('signin.providers.unlinkSubmit')}
            pending={unlink.isPending}
            secondFactor={secondFactor}
          />
        </form>
      </div>
    </Sheet>
  );
}
