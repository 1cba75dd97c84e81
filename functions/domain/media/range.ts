/** One byte range of a resource of known size, both ends inclusive (RFC 9110 14.1.2). */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeRequest = { kind: 'full' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header against a resource of `size` bytes: `bytes=a-b`, open-ended `bytes=a-` and
 * suffix `bytes=-n`. A header that is not a single byte range is ignored (the full resource is
 * served, as RFC 9110 allows); a well-formed range that lies wholly past the end is unsatisfiable.
 */
export function parseRange(header: string | null, size: number): RangeRequest {
  if (!header) return { kind: 'full' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return { kind: 'full' };
  const [, a, b] = m;
  if (a === '' && b === '') return { kind: 'full' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (b !== '' && Number(b) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}
