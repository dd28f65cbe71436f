import { TOAST_DURATION_MS } from '@polaris/contract';
import { Dialog, Toast } from 'antd-mobile';
import { authKeys } from '@/api/auth.ts';
import { installRequestEffects } from '@/api/request.ts';
import { walletKeys } from '@/api/wallet-keys.ts';
import { i18n } from '@/i18n/index.ts';
import { sessionStore } from '@/lib/session.ts';
import { settingsStore } from '@/lib/settings.ts';
import { signingKeys } from '@/lib/signing-key.ts';
import { isLoginPath, PATHS } from './paths.ts';
import { queryClient } from './query-client.ts';
import type { router as appRouter } from './router.tsx';

/** Wires the request layer to the real toast, dialog, router and stores. */
export function installAppRequestEffects(router: typeof appRouter): void {
  installRequestEffects({
    fetch: (input, init) => window.fetch(input, init),
    toast: (content) => {
      Toast.show({ content, duration: TOAST_DURATION_MS });
    },
    confirmRelogin: () =>
      Dialog.confirm({
        title: i18n.t('session.title'),
        content: i18n.t('contract:auth.sessionInvalid'),
        confirmText: i18n.t('session.relogin'),
        cancelText: i18n.t('session.later'),
      }),
    goToLogin: () => void router.navigate(PATHS.login),
    reload: () => window.location.reload(),
    isLoginPageOpen: () => isLoginPath(router.state.location.pathname),
    readSession: () => {
      const { token, userInfo } = sessionStore.getState();
      return { token, uid: userInfo?.uid, uuid: userInfo?.uuid };
    },
    clearSession: () => {
      sessionStore.getState().clear();
      queryClient.removeQueries({ queryKey: authKeys.all });
      queryClient.removeQueries({ queryKey: walletKeys.all });
    },
    language: () => settingsStore.getState().language,
    text: (key) => i18n.t(key),
    signingKey: () => signingKeys.key(),
    now: () => Date.now(),
    nonce: () => crypto.randomUUID().replaceAll('-', ''),
  });
}
