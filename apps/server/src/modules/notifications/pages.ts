import { type Language, translate } from '@polaris/contract';

/** The small pages of an email's unsubscribe link: plain HTML, no script, in the user's language. */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(language: Language, title: string, content: string): string {
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 30rem; margin: 3rem auto; padding: 0 1rem">
${content}
</body>
</html>
`;
}

/** Before the click: a GET must change nothing (link scanners open it), so the page asks. */
export function unsubscribePage(language: Language, category: string, action: string): string {
  const question = translate(language, 'notice.unsubscribeAsk', { category });
  const button = translate(language, 'notice.unsubscribeButton');
  return page(
    language,
    question,
    `<h1>${escapeHtml(question)}</h1>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(button)}</button>
</form>`,
  );
}

export function unsubscribedPage(language: Language, message: string): string {
  return page(language, message, `<h1>${escapeHtml(message)}</h1>`);
}
