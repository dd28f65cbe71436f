import { SCREEN_CHUNK_LOAD_TIMEOUT_MS } from '@polaris/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { Frame } from '@/app/Frame.tsx';
import { NotFound } from '@/app/NotFound.tsx';
import { PageLoading } from '@/app/PageState.tsx';
import { isMoneyRoute } from '@/app/paths.ts';
import { RouteInfoContext } from '@/app/route-info.ts';
import { allStringsReady } from '@/i18n/index.ts';
import { useSession } from '@/lib/session.ts';
import type { RouteEntry } from './routes.ts';

/** The guest wall is its own small chunk: the first screen (a public page) never needs it. */
const GuestWall = lazy(() => import('@/components/GuestWall.tsx').then((module) => ({ default: module.GuestWall })));

const pages = new Map<string, LazyExoticComponent<ComponentType>>();

/** SPEC §9: a page chunk that has not arrived after 120 s counts as failed (the error boundary shows it). */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('page load timed out')), SCREEN_CHUNK_LOAD_TIMEOUT_MS);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

function pageFor(entry: RouteEntry & { load: NonNullable<RouteEntry['load']> }) {
  let page = pages.get(entry.path);
  if (!page) {
    // The page's chunk and the rest of the language's strings (only the first screen's ship with the app) load
    // side by side; the page renders once both are in. A path without a page shows the "not available yet" page.
    page = lazy(() =>
      withTimeout(Promise.all([entry.load(), allStringsReady()])).then(([module]) => module ?? { default: NotFound }),
    );
    pages.set(entry.path, page);
  }
  return page;
}

export function RouteView({ entry }: { entry: RouteEntry }) {
  const signInTitle = entry.signIn?.title ?? null;
  return (
    <RouteInfoContext.Provider value={{ signInTitle }}>
      <RoutePage entry={entry} />
    </RouteInfoContext.Provider>
  );
}

function RoutePage({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation();
  const money = isMoneyRoute(entry.path);
  const config = useAppConfig();
  const loggedIn = useSession((state) => state.loginStatus);
  if (money && config.isPending) return <PageLoading />;
  if (money && config.data?.regionBlocked) return <Frame layout="blocked" />;
  // A page that belongs to an account: a guest sees what it is and both ways in, before its chunk loads.
  if (entry.signIn && !loggedIn) {
    return (
      <Frame title={t(entry.signIn.title)}>
        <GuestWall />
      </Frame>
    );
  }
  if (entry.page) return <entry.page />;
  if (!entry.load) return <NotFound />;
  const Page = pageFor({ ...entry, load: entry.load });
  return <Page />;
}
