import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newShortCode, sameSiteTarget } from '../../functions/domain/short-links/target';
import {
  COMING_SOON_HEAD_SCRIPT,
  COMING_SOON_HEAD_SCRIPT_HASH,
  isComingSoonExempt,
} from '../../functions/domain/site/coming-soon';
import { hashPasscode, passcodeVersion, verifyPasscode } from '../../functions/domain/site-settings/passcode';

describe('coming-soon gate rules', () => {
  it('knows the exact hash of the head script (Base.astro adds it to the CSP)', () => {
    const hash = `sha256-${createHash('sha256').update(COMING_SOON_HEAD_SCRIPT).digest('base64')}`;
    expect(COMING_SOON_HEAD_SCRIPT_HASH).toBe(hash);
  });

  it('exempts paths that contain one of the open fragments, and no others', () => {
    for (const path of [
      '/auth',
      '/apply',
      '/s/abc',
      '/faq',
      '/coins-faq',
      '/search-results',
      '/admin/coming-soon-preview',
    ])
      expect(isComingSoonExempt(path), path).toBe(true);
    for (const path of ['/', '/search', '/admin', '/movie/1/donate', '/s', '/creator-coins-coming-soon'])
      expect(isComingSoonExempt(path), path).toBe(false);
  });

  it('matches a passcode exactly, and gives each new passcode a new version', async () => {
    const stored = await hashPasscode('Open Sesame');
    expect(stored).not.toContain('Open Sesame');
    expect(await verifyPasscode('Open Sesame', stored)).toBe(true);
    for (const wrong of ['open sesame', 'Open Sesame ', ' Open Sesame', 'Open', ''])
      expect(await verifyPasscode(wrong, stored), wrong).toBe(false);
    expect(await verifyPasscode('', '')).toBe(false);
    const again = await hashPasscode('Open Sesame');
    expect(passcodeVersion(again)).not.toBe(passcodeVersion(stored));
    expect(passcodeVersion('')).toBe('');
  });
});

describe('short link targets', () => {
  const site = 'https://reelfund.example.com';
  it('follow same-site paths and addresses only', () => {
    expect(sameSiteTarget('/movie/1?x=2#top', site)).toBe('/movie/1?x=2#top');
    expect(sameSiteTarget('https://reelfund.example.com/faq', site)).toBe('/faq');
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'http://reelfund.example.com/faq',
      'https://user:pw@reelfund.example.com/faq',
      'https://reelfund.example.com//evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
    ])
      expect(sameSiteTarget(bad, site), bad).toBeNull();
  });

  it('makes 7-character base62 codes', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newShortCode()));
    for (const c of codes) expect(c).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(codes.size).toBe(200);
  });
});
