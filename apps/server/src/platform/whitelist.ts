import type { z } from 'zod';

/**
 * The output schema's parse, remembered for frozen answers: a cached answer (frozen, handed out as the same
 * object to every reader) is whitelisted once instead of on every request. Anything not frozen is parsed each
 * time, since it may have changed.
 */
export function whitelistOnce(output: z.ZodType): (result: unknown) => unknown {
  const whitelisted = new WeakMap<object, unknown>();
  return (result) => {
    if (typeof result !== 'object' || result === null || !Object.isFrozen(result)) return output.parse(result);
    if (!whitelisted.has(result)) whitelisted.set(result, output.parse(result));
    return whitelisted.get(result);
  };
}
