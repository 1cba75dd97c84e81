import { describe, expect, it } from 'vitest';
import { sniffImage, sniffVideo } from '../../functions/domain/films/media-sniff';
import {
  DEFAULT_UPLOAD_MAX_BYTES,
  expectedPartSize,
  formatBytes,
  MIB,
  planParts,
} from '../../functions/domain/films/upload-plan';
import { parseConfig } from '../../functions/env';
import { parseRange } from '../../functions/services/films/internal/range';
import { fileOf, MKV_HEAD, MOV_HEAD, MP4_HEAD, png, WEBM_HEAD } from '../support/media';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('video type by leading bytes', () => {
  it('recognises MP4, QuickTime (ftyp qt or a bare atom) and WebM', () => {
    expect(sniffVideo(MP4_HEAD)).toBe('video/mp4');
    expect(sniffVideo(MOV_HEAD)).toBe('video/quicktime');
    expect(sniffVideo(Uint8Array.from([0, 0, 0, 8, ...ascii('moov')]))).toBe('video/quicktime');
    expect(sniffVideo(Uint8Array.from([0, 0, 0, 8, ...ascii('mdat')]))).toBe('video/quicktime');
    expect(sniffVideo(WEBM_HEAD)).toBe('video/webm');
  });

  it('refuses Matroska, images, text and too few bytes', () => {
    expect(sniffVideo(MKV_HEAD)).toBeNull();
    expect(sniffVideo(png())).toBeNull();
    expect(sniffVideo(ascii('<!doctype html><html>'))).toBeNull();
    expect(sniffVideo(new Uint8Array(3))).toBeNull();
  });
});

describe('image type and size by leading bytes', () => {
  it('reads PNG, JPEG and WebP (VP8X) dimensions', () => {
    expect(sniffImage(png(320, 480))).toEqual({ type: 'image/png', width: 320, height: 480 });
    // SOI, APP0 (length 16), then SOF0 with height 600 and width 400.
    const jpeg = Uint8Array.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0,
      16,
      ...new Array(14).fill(0),
      0xff,
      0xc0,
      0,
      17,
      8,
      0x02,
      0x58,
      0x01,
      0x90,
      3,
    ]);
    expect(sniffImage(jpeg)).toEqual({ type: 'image/jpeg', width: 400, height: 600 });
    const webp = new Uint8Array(30);
    webp.set([...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WEBPVP8X')]);
    webp.set([0x3f, 0x01, 0x00, 0xdf, 0x01, 0x00], 24); // 320 × 480, stored minus one
    expect(sniffImage(webp)).toEqual({ type: 'image/webp', width: 320, height: 480 });
  });

  it('refuses anything else', () => {
    expect(sniffImage(WEBM_HEAD)).toBeNull();
    expect(sniffImage(ascii('GIF89a'))).toBeNull();
  });
});

describe('part plan', () => {
  it('uses 5 MiB parts (R2’s minimum), equal but the last', () => {
    expect(planParts(1)).toEqual({ partSize: 5 * MIB, partCount: 1 });
    expect(planParts(12 * MIB)).toEqual({ partSize: 5 * MIB, partCount: 3 });
    const plan = { ...planParts(12 * MIB), size: 12 * MIB };
    expect([1, 2, 3].map((n) => expectedPartSize(plan, n))).toEqual([5 * MIB, 5 * MIB, 2 * MIB]);
  });

  it('grows parts in whole MiB to stay within 10,000 parts, and refuses beyond 10 MiB parts', () => {
    expect(planParts(60_000 * MIB)).toEqual({ partSize: 6 * MIB, partCount: 10_000 });
    expect(() => planParts(100_001 * MIB)).toThrow(RangeError);
  });

  it('formats sizes in decimal units', () => {
    expect(formatBytes(DEFAULT_UPLOAD_MAX_BYTES)).toBe('2 GB');
    expect(formatBytes(12 * MIB)).toBe('12.6 MB');
    expect(formatBytes(1)).toBe('1 byte');
  });
});

describe('UPLOAD_MAX_BYTES', () => {
  const local = { ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' };
  it('defaults to 2 GB and can be set', () => {
    expect(parseConfig(local).UPLOAD_MAX_BYTES).toBe(2_000_000_000);
    expect(parseConfig({ ...local, UPLOAD_MAX_BYTES: '5000000000' }).UPLOAD_MAX_BYTES).toBe(5_000_000_000);
  });
  it('refuses a value that is not a whole number of bytes, naming it', () => {
    expect(() => parseConfig({ ...local, UPLOAD_MAX_BYTES: 'lots' })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => parseConfig({ ...local, UPLOAD_MAX_BYTES: '1.5' })).toThrow(/UPLOAD_MAX_BYTES/);
  });
});

describe('Range header', () => {
  it('parses the forms browsers send, clamped to the object', () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});

// fileOf is used by the workerd tests; make sure it keeps the head and the size.
it('test files keep their leading bytes', () => {
  const f = fileOf(WEBM_HEAD, 100);
  expect(f.length).toBe(100);
  expect(sniffVideo(f)).toBe('video/webm');
});
