import { QueryClient } from '@tanstack/react-query';

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
