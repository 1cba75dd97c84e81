/**
 * A WebM (Matroska) file's length in seconds, read from its Segment Info: Duration (0x4489, a float
 * in TimestampScale units) × TimestampScale (0x2AD7B1, nanoseconds per unit, 1,000,000 by default).
 * Null when the file is not EBML or its Info has no Duration before the first Cluster.
 */
const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const DURATION = 0x4489;
const TIMESTAMP_SCALE = 0x2ad7b1;

/** An EBML variable-length integer at `at`: its value (marker bit kept for ids) and its length. */
function vint(b: Uint8Array, at: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = b[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (b[at + i] ?? 0);
  // A size of all ones means "unknown" (a live stream's Segment): read on into it.
  const unknown = !keepMarker && value === 2 ** (7 * length) - 1;
  return { value: unknown ? Number.POSITIVE_INFINITY : value, length };
}

export function webmDurationSeconds(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let scale = 1_000_000;
  let duration: number | null = null;
  let at = 0;
  let end = bytes.length;
  let sawHeader = false;
  while (at < end) {
    const id = vint(bytes, at, true);
    if (!id) return null;
    const size = vint(bytes, at + id.length, false);
    if (!size) return null;
    const body = at + id.length + size.length;
    if (!sawHeader && id.value !== EBML) return null;
    sawHeader = true;
    if (id.value === SEGMENT || id.value === INFO) {
      // Step inside: the Info's children are read at this level.
      if (id.value === INFO) end = Math.min(end, body + size.value);
      at = body;
      continue;
    }
    if (id.value === CLUSTER) break;
    if (id.value === TIMESTAMP_SCALE) {
      scale = 0;
      for (let i = 0; i < size.value; i++) scale = scale * 256 + (bytes[body + i] ?? 0);
    } else if (id.value === DURATION) {
      if (size.value === 8 && body + 8 <= bytes.length) duration = view.getFloat64(body);
      else if (size.value === 4 && body + 4 <= bytes.length) duration = view.getFloat32(body);
    }
    at = body + size.value;
  }
  return duration === null || !Number.isFinite(duration) ? null : (duration * scale) / 1e9;
}
