import type { Language } from '@polaris/contract';
import type { SourceGame } from './source.ts';

/**
 * The local demo game shell (docs/daogame.md "Play"): the page "play" opens in the web-view when
 * DAOGAME_SHELL_URL names no real game host. It says plainly, in the reader's words, that it is a local preview (no
 * variable names: issue 23). No script runs in it.
 */

const TEXT: Record<Language, { label: string; body: string; unknown: string }> = {
  en: {
    label: 'Demo preview',
    body: 'This is a local preview: the game itself opens here once this server is connected to a game host.',
    unknown: 'This game does not exist',
  },
  'zh-Hant': {
    label: '示範預覽',
    body: '這是本機預覽：伺服器接上遊戲主機後，遊戲本身會在這裡開啟。',
    unknown: '此遊戲不存在',
  },
  'zh-Hans': {
    label: '示范预览',
    body: '这是本机预览：服务器接上游戏主机后，游戏本身会在这里打开。',
    unknown: '此游戏不存在',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Only our own pages may frame the shell; it loads nothing but its icon and runs no script. */
export const SHELL_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The shell's CSP loads images from this server only; a live API's icon is left out rather than shown broken. */
const ownIcon = (icon: string) => icon.startsWith('/') && !icon.startsWith('//');

export function shellPage(game: SourceGame | null, language: Language): string {
  const text = TEXT[language];
  const content = game
    ? `${ownIcon(game.icon) ? `<img src="${escapeHtml(game.icon)}" alt="" width="96" height="96">` : ''}
<h1>${escapeHtml(game.name)}</h1>
<p class="tag">${escapeHtml(game.tagline)}</p>
<p class="label">${escapeHtml(text.label)}</p>
<p>${escapeHtml(text.body)}</p>`
    : `<h1>${escapeHtml(text.unknown)}</h1>`;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(game?.name ?? text.unknown)}</title>
<style>
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,sans-serif;background:#0f172a;color:#e2e8f0;text-align:center;padding:24px;box-sizing:border-box}
img{border-radius:22px}h1{font-size:24px;margin:16px 0 4px}.tag{color:#94a3b8;margin:0 0 24px}
.label{display:inline-block;padding:4px 12px;border-radius:999px;background:#f59e0b;color:#1f2937;font-weight:600}
p{max-width:320px;line-height:1.5}
</style>
</head>
<body data-testid="daogame-shell">
${content}
</body>
</html>
`;
}
