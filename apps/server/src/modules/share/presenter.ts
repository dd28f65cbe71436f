import { type Language, translate } from '@polaris/contract';
import { escapeHtml, HTML_LANG } from '../../platform/html.ts';

/** What a link preview shows: the page's title, a line or two, and a picture (an absolute URL). */
export interface Preview {
  title: string;
  description: string;
  image: string | null;
}

const OG_LOCALE: Record<Language, string> = { 'zh-Hant': 'zh_TW', 'zh-Hans': 'zh_CN', en: 'en_US' };

/** Collapses white space and cuts at `max` characters (by code point, so no half of an emoji is left). */
export function excerpt(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The page crawlers get for a short link: Open Graph and Twitter card tags, and for the rare person who reads it a
 * heading, the description and a link into the app. No script, nothing to run.
 */
export function previewPage(
  preview: Preview,
  context: { url: string; appUrl: string; language: Language; siteName: string },
): string {
  const e = escapeHtml;
  const { language } = context;
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `    <meta ${attribute}="${key}" content="${e(value)}" />`;
  const tags = [
    meta('name', 'description', preview.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', context.siteName),
    meta('property', 'og:locale', OG_LOCALE[language]),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', context.url),
    ...(preview.image
      ? [meta('property', 'og:image', preview.image), meta('property', 'og:image:alt', preview.title)]
      : []),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    ...(preview.image ? [meta('name', 'twitter:image', preview.image)] : []),
  ];
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${e(preview.title)}</title>
    <link rel="canonical" href="${e(context.url)}" />
${tags.join('\n')}
  </head>
  <body>
    <h1>${e(preview.title)}</h1>
    <p>${e(preview.description)}</p>
    <p><a href="${e(context.appUrl)}">${e(translate(language, 'share.open'))}</a></p>
  </body>
</html>
`;
}

/** The page for a code we never made: the same shape, status 404, and a way to the app's home. */
export function notFoundPage(context: { homeUrl: string; language: Language }): string {
  const { language } = context;
  const title = translate(language, 'share.notFound.title');
  const description = translate(language, 'share.notFound.description');
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${escapeHtml(title)}</title>
  </head>
  <body>
    <h1>${escapeHtml(title)}</h1>
    <p>${escapeHtml(description)}</p>
    <p><a href="${escapeHtml(context.homeUrl)}">${escapeHtml(translate(language, 'share.open'))}</a></p>
  </body>
</html>
`;
}

/** `robots.txt`: crawlers may read the home, share previews and activity covers, not the API. */
export function robotsTxt(apiBase: string): string {
  return ['User-agent: *', `Allow: ${apiBase}/activity/image/`, `Disallow: ${apiBase}/`, ''].join('\n');
}
