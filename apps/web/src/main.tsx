import './app/csp.ts';
import 'antd-mobile/es/global';
import './app/theme.css';
import './app/overlays.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers.tsx';
import { PATHS, pathnameOf } from './app/paths.ts';
import { startAppPlatform } from './app/pwa/start.ts';
import { queryClient } from './app/query-client.ts';
import { installAppRequestEffects } from './app/request-effects.ts';
import { announceToasts } from './app/toast-announcer.ts';
import { prefetchActivityHome } from './components/activity/home-prefetch.ts';
import { i18nReady } from './i18n/index.ts';
import { AppRouter } from './routes/router.tsx';
import { warmOtherPages } from './routes/routes.ts';

installAppRequestEffects();
startAppPlatform();
announceToasts();

// Inside the Android or iOS shell, share links that open the app, and taps on its notifications, go to their page
// (lib/native.ts, lib/native-push.ts).
if ('Capacitor' in window) {
  const go = (route: string) => {
    window.location.hash = route;
  };
  void import('./lib/native.ts').then((native) => native.followDeepLinks(go));
  void import('./lib/native-push.ts').then((push) => push.followNotificationTaps(go));
}

// The first screen's data leaves now, alongside the language's strings, rather than after the first render.
const firstPath = window.location.hash.replace(/^#/, '');
if (pathnameOf(firstPath) === PATHS.activityHome) prefetchActivityHome(queryClient);
warmOtherPages(firstPath);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Rendered once the strings are in; if they cannot load, the app still renders (and shows keys) rather than nothing.
void i18nReady
  .catch(() => undefined)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );
