import { z } from 'zod';

/**
 * Text is hostile until proven otherwise. No field accepts C0 control characters other than tab, line feed
 * and carriage return, nor DEL, nor a UTF-16 surrogate that is not half of a pair: PostgreSQL refuses NUL in
 * text and lone surrogates in jsonb, and nothing a person types contains them.
 */
const UNSAFE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeText(value: string): boolean {
  return !UNSAFE_TEXT.test(value);
}

/** The one string type of every request field: trimmed, and refusing unsafe characters with a message naming the field. */
export function text() {
  return z.string().trim().refine(isSafeText, { error: 'validation.unsafeText' });
}

/**
 * A token the server made and handed out (a room's invite link, a sign-in ticket, a browser key): URL-safe
 * characters only, never blank, at most `max` long. A blank or malformed one is refused with status 400 naming the
 * field, before any lookup.
 */
export function tokenText(max: number) {
  return text()
    .min(1, { error: 'validation.required' })
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' })
    .meta({ 'x-token': true, examples: ['AbCdEf0123456789_-xy'] });
}

/** Limits on any request's shape, checked before its schema runs (free-form JSON such as drafts included). */
export const INPUT_LIMITS = {
  /** Deepest nesting of objects and arrays in a body. */
  maxDepth: 32,
  /** Longest single string anywhere in a request, in UTF-16 units; schemas set tighter bounds per field. */
  maxStringLength: 20_000,
  /** Most values (object members and array items, counted together) in one request. */
  maxNodes: 5_000,
} as const;

export type InputProblem = { field: string; messageKey: string; params?: Record<string, string> };

/**
 * Walks a request's merged input (iteratively, so a deep value cannot overflow the stack) and returns the
 * first value no schema should see: unsafe text in a key or value, nesting too deep, a string too long, or
 * too many values. `field` is the dotted path, as zod names fields.
 */
export function findInputProblem(input: unknown): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    const field = path || 'body';
    if (typeof value === 'string') {
      if (!isSafeText(value)) return { field, messageKey: 'validation.unsafeText' };
      if (value.length > INPUT_LIMITS.maxStringLength) {
        return { field, messageKey: 'validation.tooLong', params: { max: String(INPUT_LIMITS.maxStringLength) } };
      }
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= INPUT_LIMITS.maxDepth) return { field, messageKey: 'validation.tooDeep' };
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    nodes += entries.length;
    if (nodes > INPUT_LIMITS.maxNodes) return { field: 'body', messageKey: 'validation.tooManyValues' };
    for (const [key, item] of entries) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) return { field: path || 'body', messageKey: 'validation.unsafeText' };
      stack.push({ value: item, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Nesting depth of a JSON text, counted without parsing (brackets inside strings are skipped), so that a
 * body nested thousands deep is refused before anything recurses over it.
 */
export function jsonDepthExceeds(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
