import { describe, expect, it } from 'vitest';
import { allowedWebViewUrl } from './web-view.ts';

const allowList = ['https://games.example.com', 'http://127.0.0.1:8360'];

describe('the web-view allow-list', () => {
  it('opens URLs on an allowed origin, whatever their path and query', () => {
    expect(allowedWebViewUrl('https://games.example.com/shell?game=moon-farm', allowList)?.href).toBe(
      'https://games.example.com/shell?game=moon-farm',
    );
    expect(allowedWebViewUrl('http://127.0.0.1:8360/rest/polarisex/daogame/shell?game=x', allowList)).not.toBeNull();
  });

  it('refuses other hosts, look-alikes, other ports and other schemes', () => {
    for (const url of [
      'https://evil.example.com/',
      'https://games.example.com.evil.net/',
      'https://games.example.com:8443/',
      'http://games.example.com/',
      'http://127.0.0.1:8361/',
      'https://games.example.com@evil.net/',
      'https://user:pw@games.example.com/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//games.example.com/',
      '/relative/path',
      'not a url',
      '',
      `https://games.example.com/${'a'.repeat(2100)}`,
    ]) {
      expect(allowedWebViewUrl(url, allowList), url).toBeNull();
    }
    expect(allowedWebViewUrl(null, allowList)).toBeNull();
    expect(allowedWebViewUrl('https://games.example.com/', [])).toBeNull();
  });
});
