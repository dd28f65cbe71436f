import { readStore, withFirstLaunchDefaults } from '@/lib/storage.ts';
import { firstScreenCalls, sendEarlyRequests } from './early-requests.ts';

/**
 * A script of its own, a few KiB, that index.html runs as soon as it arrives while the app's script is still
 * downloading (built and linked by vite-first-screen.ts; docs/performance.md "First screen"). It starts what the
 * first screen waits for, which the app would otherwise ask for only once it has loaded and run:
 *
 * - the strings of the visitor's language for the first screen (their chunk's addresses are in the
 *   `polaris-first-strings` meta element), preloaded so the app's import of them finds them on the way;
 * - the activity home's first calls (its list and the cities), handed to the app's request layer
 *   (early-requests.ts).
 *
 * It reads what the app reads (the stored language, city and session) the same way; it runs nothing else.
 */

const stored = readStore();
const { language } = withFirstLaunchDefaults(stored.settings);

const strings = document.querySelector<HTMLMetaElement>('meta[name="polaris-first-strings"]')?.content;
for (const chunk of strings ? ((JSON.parse(strings) as Record<string, string[]>)[language] ?? []) : []) {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = chunk;
  document.head.append(link);
}

const userInfo = stored.session?.userInfo;
sendEarlyRequests(
  firstScreenCalls(window.location.hash.replace(/^#/, ''), {
    language,
    city: typeof stored.activity?.city === 'string' ? stored.activity.city : '',
    identity: { token: stored.session?.token ?? null, uid: userInfo?.uid, uuid: userInfo?.uuid },
  }),
);
