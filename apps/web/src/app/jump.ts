import { pathnameOf, TAB_DESTINATIONS } from './paths.ts';

export type JumpPlan = { kind: 'none' } | { kind: 'tab'; to: string } | { kind: 'push'; to: string };

/** SPEC §2 jump: tab switch for tab destinations, normal navigation otherwise, nothing for the current page. */
export function planJump(current: string, target: string): JumpPlan {
  const to = target.startsWith('/') ? target : `/${target}`;
  const toPath = pathnameOf(to);
  const search = to.slice(to.split(/[?#]/)[0]?.length ?? 0);
  if (TAB_DESTINATIONS.includes(toPath)) {
    // A tab is one place whatever its query, like a native tab bar.
    return pathnameOf(current) === toPath ? { kind: 'none' } : { kind: 'tab', to: toPath };
  }
  const normalise = (path: string) => pathnameOf(path) + path.slice(path.split(/[?#]/)[0]?.length ?? 0);
  if (normalise(current) === toPath + search) return { kind: 'none' };
  return { kind: 'push', to: toPath + search };
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export function jump(navigate: Navigate, current: string, target: string): JumpPlan {
  const plan = planJump(current, target);
  if (plan.kind === 'tab') navigate(plan.to, { replace: true });
  if (plan.kind === 'push') navigate(plan.to);
  return plan;
}
