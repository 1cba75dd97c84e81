/**
 * How a file is cut into R2 multipart parts. R2 needs every part but the last to be the same size
 * and at least 5 MiB, and allows 10,000 parts; the worker reads a part into memory, so parts stay
 * at most 10 MiB. Shared by the server (which decides) and the upload page (which follows).
 */
export const MIB = 1024 * 1024;
export const MIN_PART_BYTES = 5 * MIB;
export const MAX_PART_BYTES = 10 * MIB;
export const MAX_PARTS = 10_000;
export const MAX_UPLOAD_BYTES_CEILING = MAX_PART_BYTES * MAX_PARTS;
/** 2 GB, in the decimal units the page shows. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2_000_000_000;
/** Posters are one PUT. */
export const MAX_POSTER_BYTES = 5 * 1000 * 1000;
/** How many leading bytes the server needs to recognise a file's type. */
export const HEAD_BYTES = 64;

export interface PartPlan {
  partSize: number;
  partCount: number;
}

/** The smallest whole-MiB part size (≥ 5 MiB) that fits the file in 10,000 parts. */
export function planParts(size: number): PartPlan {
  if (!Number.isSafeInteger(size) || size <= 0) throw new RangeError('size must be a positive integer');
  const needed = Math.ceil(size / MAX_PARTS / MIB) * MIB;
  const partSize = Math.max(MIN_PART_BYTES, needed);
  if (partSize > MAX_PART_BYTES) throw new RangeError('file too large for the part plan');
  return { partSize, partCount: Math.max(1, Math.ceil(size / partSize)) };
}

/** The exact length part `n` (1-based) must have. */
export function expectedPartSize(plan: PartPlan & { size: number }, n: number): number {
  if (n < plan.partCount) return plan.partSize;
  return plan.size - plan.partSize * (plan.partCount - 1);
}

/** 1536 → "1.5 KB"; decimal units, as file managers show them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const rounded = value >= 100 || Number.isInteger(value) ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
