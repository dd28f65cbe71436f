import type { z } from 'zod';
import type { Language } from './constants.ts';
import { hasMessage, translate } from './messages/index.ts';
import type { FieldError } from './status.ts';

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

function fieldLabel(language: Language, field: string): string {
  const key = `fields.${field}`;
  return hasMessage(key) ? translate(language, key) : field;
}

/**
 * Turn a zod error into one message per field, in the user's language, naming the field.
 * Schemas may carry a catalogue key as their message; otherwise the issue code picks a generic message.
 */
export function toFieldErrors(error: z.ZodError, input: unknown, language: Language): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    const label = fieldLabel(language, String(issue.path[issue.path.length - 1] ?? 'body'));
    const value = valueAt(input, issue.path);
    let message: string;
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      message = translate(language, 'validation.required', { field: label });
    } else if (hasMessage(issue.message)) {
      message = translate(language, issue.message, { field: label });
    } else if (issue.code === 'too_big') {
      const key = issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig';
      message = translate(language, key, { field: label, max: String(issue.maximum) });
    } else if (issue.code === 'too_small') {
      const key = issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall';
      message = translate(language, key, { field: label, min: String(issue.minimum) });
    } else if (issue.code === 'invalid_type') {
      message = translate(language, 'validation.wrongType', { field: label });
    } else {
      message = translate(language, 'validation.invalid', { field: label });
    }
    result.push({ field, message });
  }
  return result;
}
