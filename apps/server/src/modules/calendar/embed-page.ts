import { type Language, translate, zoneLabel } from '@polaris/contract';
import { DATE_LOCALE } from '../../platform/date-locale.ts';
import { escapeHtml, HTML_LANG } from '../../platform/html.ts';
import { cityName } from '../../platform/places/cities.ts';
import type { ActivityItemRow } from './store.ts';

/** How many upcoming activities the framed listing shows; the rest are a tap away in the app. */
export const EMBED_LIMIT = 20;

export interface EmbedPageContext {
  language: Language;
  host: { name: string };
  activities: ActivityItemRow[];
  /** Each activity's page in the web app. */
  activityUrl: (code: string) => string;
  /** The script (our origin) that tells the framing page how tall the listing is. */
  frameScriptUrl: string;
}

/**
 * An organizer's upcoming public activities as a small page for another site's <iframe> (docs/activities.md
 * "Embedding"): no app, no cookies, every value escaped (titles, names and places are other people's text), each
 * activity opening its page in a new tab. Styles are inline (the CSP allows inline styles, never inline script).
 */
export function embedPage(context: EmbedPageContext): string {
  const { language } = context;
  const e = escapeHtml;
  const t = (key: string, params: Record<string, string> = {}) => e(translate(language, key, params));
  const items = context.activities.map((row) => {
    const when = new Date(row.starts_at).toLocaleString(DATE_LOCALE[language], {
      timeZone: row.timezone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    const zone = zoneLabel(new Date(row.starts_at), row.timezone);
    const place =
      [row.address, row.city === null ? null : cityName(row.city, language)].filter(Boolean).join(', ') ||
      (row.online ? translate(language, 'share.online') : '');
    const cancelled = row.status === 'cancelled' ? `<span class="badge">${t('embed.cancelled')}</span> ` : '';
    return `    <li><a href="${e(context.activityUrl(row.code))}" target="_blank" rel="noopener">
      <span class="title">${cancelled}${e(row.title)}</span>
      <span class="meta"><time datetime="${e(new Date(row.starts_at).toISOString())}">${e(when)} (${e(zone)})</time></span>
      ${place ? `<span class="meta">${e(place)}</span>` : ''}
    </a></li>`;
  });
  const body =
    items.length === 0 ? `  <p class="empty">${t('embed.empty')}</p>` : `  <ul>\n${items.join('\n')}\n  </ul>`;
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <meta name="robots" content="noindex" />
  <title>${t('embed.title', { name: context.host.name })}</title>
  <style>
    :root { color-scheme: light dark; font: 15px/1.4 system-ui, -apple-system, "Noto Sans TC", sans-serif; }
    body { margin: 0; padding: 8px; }
    h1 { font-size: 16px; margin: 0 0 8px; }
    ul { list-style: none; margin: 0; padding: 0; }
    li + li { border-top: 1px solid rgba(127, 127, 127, 0.25); }
    a { display: block; padding: 10px 4px; color: inherit; text-decoration: none; }
    a:hover .title, a:focus-visible .title { text-decoration: underline; }
    .title { display: block; font-weight: 600; overflow-wrap: anywhere; }
    .meta { display: block; font-size: 13px; opacity: 0.75; overflow-wrap: anywhere; }
    .badge { font-size: 12px; font-weight: 600; color: #b42318; }
    .empty { opacity: 0.75; }
  </style>
  <script src="${e(context.frameScriptUrl)}" defer></script>
</head>
<body>
  <h1>${t('embed.title', { name: context.host.name })}</h1>
${body}
</body>
</html>
`;
}

/** Runs inside the framed listing: tells the framing page the listing's height, now and whenever it changes. */
export const FRAME_SCRIPT = `(() => {
  // The page's own height, not scrollHeight: that is never less than the frame, so a frame could grow, never shrink.
  const tell = () =>
    parent.postMessage({ polarisEmbed: 'height', height: document.documentElement.getBoundingClientRect().height }, '*');
  addEventListener('load', tell);
  new ResizeObserver(tell).observe(document.documentElement);
})();
`;

/**
 * The one line another site pastes (\`<script src=…/embed/listing.js data-organizer=<uid> async>\`): puts an
 * <iframe> of the organizer's listing where the script tag is, in the page's language, and sizes it to the height
 * the listing reports. It trusts height messages only from the frame it made, coming from our own origin.
 */
export function listingScript(pageBase: string): string {
  return `(() => {
  const script = document.currentScript;
  const uid = script && script.dataset.organizer;
  if (!uid || !/^\\d{8,15}$/.test(uid)) return;
  const lang = (script.dataset.lang || document.documentElement.lang || navigator.language || '').toLowerCase();
  const language = lang.startsWith('zh') ? (/(hans|cn|sg)/.test(lang) ? 'zh-Hans' : 'zh-Hant') : 'en';
  const src = new URL(${JSON.stringify(pageBase)} + uid);
  src.searchParams.set('lang', language);
  const frame = document.createElement('iframe');
  frame.src = src.href;
  frame.title = script.dataset.title || 'Polaris';
  frame.loading = 'lazy';
  frame.style.cssText = 'width:100%;border:0;height:240px;display:block';
  script.after(frame);
  addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== src.origin) return;
    const data = event.data;
    if (data && data.polarisEmbed === 'height' && Number.isFinite(data.height)) {
      frame.style.height = Math.min(Math.max(Math.ceil(data.height), 80), 5000) + 'px';
    }
  });
})();
`;
}
