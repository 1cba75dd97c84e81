/** Files for upload tests: real leading bytes of each format, padded to any size. */

/** An EBML header whose DocType is "webm": what the type check needs of a WebM file. */
export const WEBM_HEAD = Uint8Array.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
  0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
]);
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** An ISO BMFF 'ftyp' box with brand isom (MP4) or 'qt  ' (QuickTime). */
export const MP4_HEAD = Uint8Array.from([0, 0, 0, 0x18, ...ascii('ftypisom'), 0, 0, 2, 0, ...ascii('isomiso2')]);
export const MOV_HEAD = Uint8Array.from([0, 0, 0, 0x14, ...ascii('ftypqt  '), 0, 0, 2, 0, ...ascii('qt  ')]);
export const MKV_HEAD = Uint8Array.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0xa3,
  0x42,
  0x82,
  0x88,
  ...ascii('matroska'),
  0x42,
  0x87,
  0x81,
  0x04,
]);

/** `size` bytes that start with `head`; the rest is a repeating pattern (so parts differ). */
export function fileOf(head: Uint8Array, size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + 7) & 0xff;
  out.set(head.subarray(0, Math.min(head.length, size)));
  return out;
}

export const webm = (size: number) => fileOf(WEBM_HEAD, size);

/** A 1×1 PNG with the width and height written into its IHDR. */
export function png(width = 320, height = 480): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(67);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...ascii('IHDR')]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}

/** A WebP header (RIFF, VP8X) with the width and height written in, as the poster check reads them. */
export function webp(width = 320, height = 480): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(30);
  b.set([...ascii('RIFF'), 22, 0, 0, 0, ...ascii('WEBPVP8X'), 10, 0, 0, 0]);
  const view = new DataView(b.buffer);
  view.setUint16(24, (width - 1) & 0xffff, true);
  b[26] = (width - 1) >> 16;
  view.setUint16(27, (height - 1) & 0xffff, true);
  b[29] = (height - 1) >> 16;
  return b;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}
