import type { ReactNode } from 'react';

/**
 * A way past a long region for keyboard and screen-reader users (WCAG 2.4.1): the first thing Tab reaches, out of
 * sight until focused (`.px-skip-link` in app/theme.css), and it moves focus to the element with the id `target`.
 * A button, not an `<a href="#…">`: the app's router lives in the URL's hash.
 */
export function SkipLink({ target, children }: { target: string; children: ReactNode }) {
  return (
    <button
      type="button"
      className="px-skip-link"
      onClick={() => document.getElementById(target)?.focus()}
      data-testid="skip-link"
    >
      {children}
    </button>
  );
}
