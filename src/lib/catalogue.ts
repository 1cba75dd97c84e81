import { env } from 'cloudflare:workers';
import { authFor } from '../../functions/auth';
import { resolveViewer, type Viewer } from '../../functions/auth/viewer';
import { getDb } from '../../functions/db/client';
import { type Bindings, getConfig } from '../../functions/env';
import type { CatalogueContext } from '../../functions/services/catalogue/cards';
import { catalogueContext } from '../../functions/services/catalogue/context';
import { viewerOf } from './viewer';

const bindings = () => env as unknown as Bindings;

/** The catalogue's database and KV cache, for a page. */
export function catalogue(): CatalogueContext {
  const e = bindings();
  return catalogueContext(getDb(e), e.KV);
}

/**
 * The viewer of a public page that needs one (the film page: watch or 'Sign in to watch', owner
 * previews). Protected pages already carry the viewer the worker resolved.
 */
export async function pageViewer(request: Request): Promise<Viewer | null> {
  const known = viewerOf(request);
  if (known) return known;
  if (!request.headers.get('cookie')?.includes('session_token')) return null;
  const e = bindings();
  const db = getDb(e);
  const { viewer } = await resolveViewer(authFor(db, getConfig(e), e), db, request.headers);
  return viewer;
}

/** 1 h 32 min, 45 min, 6 sec. */
export function formatRuntime(seconds: number | null): string | null {
  if (seconds === null || seconds === undefined) return null;
  if (seconds < 60) return `${seconds} sec`;
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}

/** A page number from the query string (1 when absent or invalid). */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get('page'));
  return Number.isInteger(n) && n > 0 && n < 10_000 ? n : 1;
}
