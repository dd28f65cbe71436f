/**
 * What came before: react-router keeps an index (`idx`) in history.state, so remembering the path at each
 * index tells us the previous page and whether a back step stays inside the app.
 */
const visited = new Map<number, string>();

function currentIndex(): number {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

export function recordVisit(path: string): void {
  visited.set(currentIndex(), path);
}

export function previousPath(): string | undefined {
  return visited.get(currentIndex() - 1);
}

export function canGoBack(): boolean {
  return currentIndex() > 0;
}

/** The last page before the user entered the login/register/forgot flow, for the return after login. */
export function lastPageOutside(isInside: (path: string) => boolean): { path: string; delta: number } | undefined {
  const current = currentIndex();
  for (let idx = current; idx >= 0; idx--) {
    const path = visited.get(idx);
    if (path !== undefined && !isInside(path)) return { path, delta: idx - current };
  }
  return undefined;
}
