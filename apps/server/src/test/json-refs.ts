/**
 * The document with every local `$ref` (`#/components/...`) replaced by what it points at, its sibling keywords
 * kept: the shared schemas read as if written in place, so each field's marks, examples and types are found.
 */
export function resolveRefs<T>(document: T): T {
  const at = (pointer: string): unknown =>
    pointer
      .slice(2)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  const resolve = (node: unknown, trail: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => resolve(item, trail));
    if (node === null || typeof node !== 'object') return node;
    const { $ref: target, ...rest } = node as Record<string, unknown>;
    if (typeof target === 'string' && target.startsWith('#/') && !trail.includes(target)) {
      const found = at(target);
      if (found === undefined) throw new Error(`unresolved ${target}`);
      return { ...(resolve(found, [...trail, target]) as object), ...(resolve(rest, trail) as object) };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, trail)]));
  };
  return resolve(document, []) as T;
}
