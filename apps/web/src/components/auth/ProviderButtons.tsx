import type { OidcProvider } from '@polaris/contract';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { useStartProviderSignIn } from '@/api/oidc.ts';
import { Button } from '@/components/Button.tsx';
import { API_ORIGIN } from '@/lib/api-origin.ts';
import styles from './ProviderButtons.module.css';

/**
 * "Continue with Google / Apple" under the login forms, for the providers the server has configured only. Not in a
 * native build (API elsewhere): the providers refuse an embedded web view, and the return to the app through the
 * system browser is not built (docs/native-apps.md).
 */
export function ProviderButtons() {
  const { t } = useTranslation();
  const providers = useAppConfig().data?.signInProviders ?? [];
  const start = useStartProviderSignIn();
  if (providers.length === 0 || API_ORIGIN) return null;
  const label: Record<OidcProvider, string> = { google: t('signin.withGoogle'), apple: t('signin.withApple') };
  return (
    <div className={styles.providers}>
      <div className={styles.divider}>{t('signin.or')}</div>
      {providers.map((provider) => (
        <Button
          key={provider}
          type="button"
          block
          className={styles[provider]}
          loading={start.isPending && start.variables === provider}
          disabled={start.isPending}
          onClick={() => start.mutate(provider)}
          data-testid={`login-with-${provider}`}
        >
          {label[provider]}
        </Button>
      ))}
    </div>
  );
}
