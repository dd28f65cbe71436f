import type { Language } from '../constants.ts';
import { en, type Messages } from './en.ts';
import { zhHans } from './zh-Hans.ts';
import { zhHant } from './zh-Hant.ts';

export type { Messages };
export const MESSAGES: Record<Language, Messages> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant };

/** Look up a dotted key ("auth.codeInvalid") and fill {{placeholders}}; an unknown key comes back as itself. */
export function translate(language: Language, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = MESSAGES[language];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  // Most messages have no placeholder ("ok" on every response): skip the regular expression.
  if (!node.includes('{{')) return node;
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function hasMessage(key: string): boolean {
  let node: unknown = MESSAGES.en;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string';
}
