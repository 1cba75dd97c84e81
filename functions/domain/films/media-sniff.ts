/**
 * A file's type from its leading bytes, never from its name or the browser's guess. Pure code,
 * shared by the server (which decides) and the upload page (which warns before sending anything).
 */
export const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const ascii = (b: Uint8Array, at: number, length: number) =>
  at + length <= b.length ? String.fromCharCode(...b.subarray(at, at + length)) : '';

// QuickTime files may open with any of these atoms instead of 'ftyp'.
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** MP4 ('ftyp' box at offset 4), MOV ('ftyp' brand 'qt  ', or a bare QuickTime atom) or WebM (EBML). */
export function sniffVideo(bytes: Uint8Array): VideoType | null {
  const box = ascii(bytes, 4, 4);
  if (box === 'ftyp') return ascii(bytes, 8, 4) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  if (QUICKTIME_ATOMS.has(box)) return 'video/quicktime';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    // An EBML file; when its DocType is in view it must say webm (a Matroska .mkv does not play in browsers).
    const docType = ebmlDocType(bytes);
    return docType === null || docType === 'webm' ? 'video/webm' : null;
  }
  return null;
}

/** The DocType string of an EBML header (element 0x4282), if it lies within the bytes given. */
function ebmlDocType(b: Uint8Array): string | null {
  for (let i = 4; i + 3 < b.length; i++) {
    if (b[i] !== 0x42 || b[i + 1] !== 0x82) continue;
    const sizeByte = b[i + 2] ?? 0;
    // Only the one-byte size form (0x81..0xFF) is used for such a short string.
    if (sizeByte < 0x80) return null;
    return ascii(b, i + 3, sizeByte & 0x7f) || null;
  }
  return null;
}

export interface ImageInfo {
  type: ImageType;
  width: number | null;
  height: number | null;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => ((u16be(b, at) << 16) >>> 0) + u16be(b, at + 2);

/** JPEG, PNG or WebP, with the pixel size when the header gives it. */
export function sniffImage(b: Uint8Array): ImageInfo | null {
  if (b[0] === 0x89 && ascii(b, 1, 3) === 'PNG') {
    return { type: 'image/png', width: u32be(b, 16) || null, height: u32be(b, 20) || null };
  }
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { type: 'image/jpeg', ...jpegSize(b) };
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return { type: 'image/webp', ...webpSize(b) };
  return null;
}

function jpegSize(b: Uint8Array): { width: number | null; height: number | null } {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return { width: null, height: null };
    const marker = b[i + 1] ?? 0;
    // SOF0..SOF15 carry the frame size; C4 (DHT), C8 and CC (DAC) are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5) || null, width: u16be(b, i + 7) || null };
    }
    i += 2 + u16be(b, i + 2);
  }
  return { width: null, height: null };
}

function webpSize(b: Uint8Array): { width: number | null; height: number | null } {
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return { width: null, height: null };
}
