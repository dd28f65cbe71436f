import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach } from 'vitest';
import { sessionStore } from '@/lib/session.ts';

// Tests only: React's act() warns unless it is told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

/** Renders `node` into a container of its own in the document; both are gone after the test. */
export function mount(node: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(node));
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

/**
 * Renders `node` as a screen sees it: a fresh query client (no retries) and a router at `at`. Resolves once React
 * has rendered; a query's answer may come a turn later (`waitFor`).
 */
export async function mountScreen(node: ReactNode, at = '/'): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  unmounts.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>{node}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  return container;
}

/** The first element matching `selector` in `container`, waited for up to half a second (null if it never came). */
export async function waitFor<T extends Element = HTMLElement>(container: HTMLElement, selector: string) {
  for (let turn = 0; turn < 50 && !container.querySelector(selector); turn++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  return container.querySelector<T>(selector);
}

/** The screens' session for these tests: signed in as uid 10000002 before each, signed out after. */
export function signedInDuringEachTest() {
  beforeEach(() => {
    sessionStore.setState({ token: 't', userInfo: { uid: '10000002', uuid: 'u', token: 't' }, loginStatus: true });
  });
  afterEach(() => sessionStore.getState().clear());
}
