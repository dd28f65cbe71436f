/** How code outside React (the request layer's "log in again") moves between pages. */
type Navigator = (path: string) => void;

let navigator: Navigator | null = null;

/** The router hands its navigate function over while it is mounted (routes/router.tsx). */
export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

export const appNavigation = {
  navigate(path: string): void {
    if (navigator) navigator(path);
    else window.location.hash = path;
  },
  /** The current route's path, without the query. */
  pathname(): string {
    return window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  },
};
