import { onlineManager, QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: the request layer already told the user about a failure, and a retry would
 * repeat the toast. Pages offer an explicit retry instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// TanStack Query assumes a network at start and learns otherwise only from `offline` events. A page opened with
// none (from the service worker's cache) should wait, paused, rather than fail every query with a network error
// toast (docs/app-platform.md "Offline").
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
