import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiAsset, apiUrl, readApiOrigin, socketUrl, webOrigin } from './api-origin.ts';

const page = (html: string) => new DOMParser().parseFromString(`<html><head>${html}</head></html>`, 'text/html');

describe('the API origin', () => {
  afterEach(() => {
    document.querySelector('meta[name="polaris-api-origin"]')?.remove();
    vi.resetModules();
  });

  it('is the page’s own on the web, and the meta element’s in a native copy', () => {
    expect(readApiOrigin(page(''))).toBe('');
    expect(readApiOrigin(page('<meta name="polaris-api-origin" content="https://api.example.com/">'))).toBe(
      'https://api.example.com',
    );
    expect(readApiOrigin(page('<meta name="polaris-api-origin" content="http://10.0.2.2:8080">'))).toBe(
      'http://10.0.2.2:8080',
    );
  });

  it('ignores a meta element that names no http(s) origin', () => {
    for (const content of ['javascript:alert(1)', 'not a url', 'capacitor://localhost', '']) {
      expect(readApiOrigin(page(`<meta name="polaris-api-origin" content="${content}">`))).toBe('');
    }
  });

  it('builds call, image and socket URLs relative on the web and absolute in a shell', () => {
    expect(apiUrl('/wallet/assets', '')).toBe('/rest/polarisex/wallet/assets');
    expect(apiUrl('/wallet/assets', 'https://api.example.com')).toBe(
      'https://api.example.com/rest/polarisex/wallet/assets',
    );
    expect(apiAsset('/rest/polarisex/daogame/icons/a.svg', '')).toBe('/rest/polarisex/daogame/icons/a.svg');
    expect(apiAsset('/rest/polarisex/daogame/icons/a.svg', 'https://api.example.com')).toBe(
      'https://api.example.com/rest/polarisex/daogame/icons/a.svg',
    );
    // Full URLs and protocol-relative ones are not ours to rewrite.
    expect(apiAsset('https://cdn.example/a.png', 'https://api.example.com')).toBe('https://cdn.example/a.png');
    expect(apiAsset('//cdn.example/a.png', 'https://api.example.com')).toBe('//cdn.example/a.png');

    const query = new URLSearchParams({ token: 't' });
    expect(socketUrl(query, '', { protocol: 'https:', host: 'app.example.com' })).toBe(
      'wss://app.example.com/rest/polarisex/ws?token=t',
    );
    expect(socketUrl(query, '', { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/rest/polarisex/ws?token=t',
    );
    expect(socketUrl(query, 'https://api.example.com', { protocol: 'capacitor:', host: 'localhost' })).toBe(
      'wss://api.example.com/rest/polarisex/ws?token=t',
    );
    expect(webOrigin('https://api.example.com')).toBe('https://api.example.com');
    expect(webOrigin('')).toBe(window.location.origin);
  });

  it('sends every request of a native copy to the API origin', async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="polaris-api-origin" content="https://api.example.com">');
    vi.resetModules();
    const { setup } = await import('@/api/request-fixture.ts');
    const { client, effects } = setup();
    await client.get('/user/info', { page: 2 });
    await client.post('/user/login', { email: 'a@b.co' });
    const urls = effects.fetch.mock.calls.map(([url]) => url);
    expect(urls).toEqual([
      'https://api.example.com/rest/polarisex/user/info?page=2&locale=en_US&uid=42&uuid=uu-1',
      'https://api.example.com/rest/polarisex/user/login?locale=en_US&uid=42&uuid=uu-1',
    ]);
  });
});
