import { z } from 'zod';

/**
 * Keyset cursors over (created_at, id): `<ms>_<id>`. Writers keep created_at strictly increasing
 * per user (see services/notifications/notify.ts), so "after a cursor" is exactly "written after it".
 */
export interface Cursor {
  at: number;
  id: string;
}

export const CURSOR_PATTERN = /^(\d{1,16})_([A-Za-z0-9-]{1,64})$/;

export function encodeCursor(createdAt: Date, id: string): string {
  return `${createdAt.getTime()}_${id}`;
}

export function decodeCursor(raw: string): Cursor | null {
  const m = CURSOR_PATTERN.exec(raw);
  return m ? { at: Number(m[1]), id: m[2] as string } : null;
}

/** A cursor query parameter (before= / after=). */
export const cursorParam = z.string().regex(CURSOR_PATTERN, 'Invalid cursor');
