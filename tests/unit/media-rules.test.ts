import { describe, expect, it } from 'vitest';
import { isWebVttBytes, LANGUAGE_TAG, normalizeLanguage } from '../../functions/domain/films/captions';
import { avatarKeyOf, shownAvatarUrl } from '../../functions/domain/users/avatar';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a WebVTT file, by its first bytes', () => {
  it.each([
    ['WEBVTT', true],
    ['WEBVTT\n\n00:00.000 --> 00:01.000\nHi', true],
    ['WEBVTT\r\n', true],
    ['WEBVTT - a title', true],
    ['WEBVTT\tx', true],
    ['\uFEFFWEBVTT\n', true],
    ['WEBVTTX', false],
    ['webvtt\n', false],
    [' WEBVTT\n', false],
    ['1\n00:00:00,000 --> 00:00:02,000\n', false],
    ['', false],
  ])('%j → %s', (text, ok) => {
    expect(isWebVttBytes(bytes(text))).toBe(ok);
  });
});

describe('a caption language', () => {
  it.each([
    ['en', true, 'en'],
    ['FR', true, 'fr'],
    ['pt-br', true, 'pt-BR'],
    ['zh-Hant-TW', true, 'zh-Hant-TW'],
    ['English', false, ''],
    ['e', false, ''],
    ['en_GB', false, ''],
  ])('%s', (tag, ok, stored) => {
    expect(LANGUAGE_TAG.test(tag)).toBe(ok);
    if (ok) expect(normalizeLanguage(tag)).toBe(stored);
  });
});

describe('an avatar address', () => {
  it('shows our uploads and https links saved before; an http link or anything else shows the initial', () => {
    const ours = '/api/media/avatars/0b6c1f7e-0000-4000-8000-000000000000';
    expect(shownAvatarUrl(ours)).toBe(ours);
    expect(shownAvatarUrl('https://example.test/me.png')).toBe('https://example.test/me.png');
    for (const url of ['http://example.test/me.png', 'javascript:alert(1)', '/elsewhere.png', '', null, undefined]) {
      expect(shownAvatarUrl(url)).toBeNull();
    }
  });

  it('names the R2 object of our uploads only', () => {
    expect(avatarKeyOf('/api/media/avatars/abc-123')).toBe('avatars/abc-123');
    expect(avatarKeyOf('/api/media/avatars/../secret')).toBeNull();
    expect(avatarKeyOf('https://example.test/me.png')).toBeNull();
    expect(avatarKeyOf(null)).toBeNull();
  });
});
