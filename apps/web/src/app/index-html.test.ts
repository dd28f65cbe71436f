import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@polaris/contract';
import { describe, expect, it } from 'vitest';

const html = readFileSync(path.resolve(__dirname, '../../index.html'), 'utf8');

describe('index.html', () => {
  it('describes the app in the default language, the words link previews use (issue 23)', () => {
    const description = MESSAGES['zh-Hant'].share.siteDescription;
    expect(html).toContain('<html lang="zh-Hant">');
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain('<meta property="og:locale" content="zh_TW" />');
  });
});
