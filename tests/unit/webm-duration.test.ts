import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { webmDurationSeconds } from '../../functions/domain/films/webm-duration';
import { SEED_CLIPS } from '../../functions/seed/catalogue-data';
import { WEBM_HEAD } from '../support/media';

/** An EBML element: id bytes, a one-byte size, the body. */
const el = (id: number[], body: number[]) => [...id, 0x80 | body.length, ...body];
const f64 = (n: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, n);
  return [...b];
};
const f32 = (n: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, n);
  return [...b];
};
/** A WebM head, a Segment of unknown size (as live recordings write it), a SeekHead, then the Info. */
const file = (info: number[]) =>
  Uint8Array.from([
    ...WEBM_HEAD,
    ...[0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
    ...el([0x11, 0x4d, 0x9b, 0x74], [0xec, 0x81, 0x00]),
    ...el([0x15, 0x49, 0xa9, 0x66], info),
    ...el([0x1f, 0x43, 0xb6, 0x75], [0xe7, 0x81, 0x00]),
  ]);

describe('a WebM file’s length', () => {
  it('is the Info’s Duration times its timestamp scale', () => {
    const scale = el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]); // 1,000,000 ns: milliseconds
    expect(webmDurationSeconds(file([...scale, ...el([0x44, 0x89], f64(7250))]))).toBe(7.25);
    // A float32 Duration and a scale of 10 ms.
    const tens = el([0x2a, 0xd7, 0xb1], [0x98, 0x96, 0x80]);
    expect(webmDurationSeconds(file([...tens, ...el([0x44, 0x89], f32(720_000))]))).toBe(7200);
    // Without a TimestampScale the default (milliseconds) applies.
    expect(webmDurationSeconds(file(el([0x44, 0x89], f64(1500))))).toBe(1.5);
  });

  it('is unknown for a file without a Duration, or one that is not EBML', () => {
    expect(webmDurationSeconds(file(el([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40])))).toBeNull();
    expect(webmDurationSeconds(new TextEncoder().encode('WEBVTT\n\nnot a video'))).toBeNull();
    expect(webmDurationSeconds(new Uint8Array())).toBeNull();
    expect(webmDurationSeconds(WEBM_HEAD.subarray(0, 10))).toBeNull();
  });

  it.each(SEED_CLIPS)('of the demo clip %s is read from the committed file (the seed stores it)', (clip) => {
    const seconds = webmDurationSeconds(readFileSync(`functions/seed/media/${clip}.webm`));
    // The clips were rendered 6 s long; the container states it to the millisecond.
    expect(seconds).toBeCloseTo(6, 1);
  });
});
