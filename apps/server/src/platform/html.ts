/** Every character that could end an attribute or open a tag: what goes into a page we write is other people's text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export const HTML_LANG = { 'zh-Hant': 'zh-Hant', 'zh-Hans': 'zh-Hans', en: 'en' } as const;
