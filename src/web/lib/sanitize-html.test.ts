import { describe, expect, it } from 'vitest';
import { isSafeUrl } from './sanitize-html';

describe('isSafeUrl (links and images in server-provided HTML)', () => {
  it('keeps web, mail and phone addresses, same-site paths and fragments', () => {
    for (const url of [
      'https://example.lv/a',
      'http://example.lv',
      'mailto:info@example.lv',
      'tel:+37120000000',
      '/privacy',
      '/',
      './terms',
      '../up',
      '#top',
      ' /padded ',
    ]) {
      expect(isSafeUrl(url), url).toBe(true);
    }
  });

  it('refuses addresses that leave the site while looking like paths, and script schemes', () => {
    for (const url of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      '/\n\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'relative/path',
    ]) {
      expect(isSafeUrl(url), JSON.stringify(url)).toBe(false);
    }
  });
});
