import { PATHS, pathnameOf } from './paths.ts';

export type BackPlan = { kind: 'home' } | { kind: 'back' };

/**
 * SPEC §2 back from login: coming from the Me tab (which needs the login it just offered) goes to the
 * activity home; otherwise one step back, or the activity home when there is no history to go back to.
 */
export function planLoginBack(previousPath: string | undefined, canGoBack: boolean): BackPlan {
  if (previousPath !== undefined && pathnameOf(previousPath) === PATHS.me) return { kind: 'home' };
  return canGoBack ? { kind: 'back' } : { kind: 'home' };
}
