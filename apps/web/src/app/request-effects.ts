import { TOAST_DURATION_MS } from '@polaris/contract';
import { authKeys } from '@/api/auth.ts';
import { noticeKeys } from '@/api/notice-unread.ts';
import { installRequestEffects } from '@/api/request.ts';
import { securityKeys } from '@/api/security-keys.ts';
import { walletKeys } from '@/api/wallet-keys.ts';
import { allStringsReady, i18n } from '@/i18n/index.ts';
import { sessionStore } from '@/lib/session.ts';
import { settingsStore } from '@/lib/settings.ts';
import { signingKeys } from '@/lib/signing-key.ts';
import { takeEarlyResponse } from './early-requests.ts';
import { appNavigation } from './navigation.ts';
import { confirm, showToast } from './overlays.ts';
import { isLoginPath, PATHS } from './paths.ts';
import { queryClient } from './query-client.ts';

/** Wires the request layer to the real toast, dialog, router and stores. */
export function installAppRequestEffects(): void {
  installRequestEffects({
    // The first screen's calls may already be on their way, sent before the app loaded (early-requests.ts).
    fetch: (input, init) => (typeof input === 'string' && takeEarlyResponse(input, init)) || window.fetch(input, init),
    toast: (content) => {
      void showToast(content, TOAST_DURATION_MS);
    },
    // The contract's messages come with the rest of the strings, after the first screen (i18n/catalogue.ts).
    confirmRelogin: async (reason) => {
      await allStringsReady().catch(() => undefined);
      return confirm({
        title: i18n.t(reason === 'signingKey' ? 'session.keyLostTitle' : 'session.title'),
        content: reason === 'signingKey' ? i18n.t('session.keyLost') : i18n.t('contract:auth.sessionInvalid'),
        confirmText: i18n.t('session.relogin'),
        cancelText: i18n.t('session.later'),
      });
    },
    goToLogin: () => appNavigation.navigate(PATHS.login),
    reload: () => window.location.reload(),
    isLoginPageOpen: () => isLoginPath(appNavigation.pathname()),
    readSession: () => {
      const { token, userInfo } = sessionStore.getState();
      return { token, uid: userInfo?.uid, uuid: userInfo?.uuid };
    },
    clearSession: () => {
      sessionStore.getState().clear();
      queryClient.removeQueries({ queryKey: authKeys.all });
      queryClient.removeQueries({ queryKey: walletKeys.all });
      queryClient.removeQueries({ queryKey: securityKeys.all });
      // The inbox and its counts too: they are kept fresh by frames, never refetched on their own.
      queryClient.removeQueries({ queryKey: noticeKeys.all });
    },
    language: () => settingsStore.getState().language,
    // The contract's messages of the current language are loaded with it (i18n/index.ts), never all three at once.
    httpText: (status) => (i18n.exists(`contract:http.${status}`) ? i18n.t(`contract:http.${status}`) : undefined),
    text: (key) => i18n.t(key),
    signingKey: () => signingKeys.key(),
    now: () => Date.now(),
    nonce: () => crypto.randomUUID().replaceAll('-', ''),
  });
}
