import { describe, expect, it } from 'vitest';
import { API_ROUTES, createApp } from '../../functions/app';

type RouteEntry = { method: string; path: string };

/** Handlers only: `ALL` entries are middleware (the app's and each module's own). */
const handlers = (routes: readonly RouteEntry[]) => routes.filter((r) => r.method !== 'ALL');
const normal = (path: string) => path.replace(/\/+$/, '') || '/';
const firstSegment = (path: string) => `/${path.split('/')[2] ?? ''}`;

describe('API route table', () => {
  it('names each prefix once, as a single path segment', () => {
    const prefixes = Object.keys(API_ROUTES);
    for (const p of prefixes) expect(p).toMatch(/^\/[a-z][a-z-]*$/);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('serves every /api route from the one module of its prefix, and only from it', () => {
    const served = handlers(createApp().routes);
    const byPrefix = new Map<string, string[]>();
    for (const r of served) {
      expect(r.path.startsWith('/api/'), r.path).toBe(true);
      const prefix = firstSegment(r.path);
      expect(Object.keys(API_ROUTES), `${r.method} ${r.path}: its prefix is not in API_ROUTES`).toContain(prefix);
      byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), `${r.method} ${normal(r.path)}`]);
    }
    for (const [prefix, module] of Object.entries(API_ROUTES)) {
      const own = handlers(module.routes).map((r) => `${r.method} ${normal(`/api${prefix}${r.path}`)}`);
      // The same routes, as many: a second module mounted at this prefix would add routes of its own.
      expect((byPrefix.get(prefix) ?? []).sort(), prefix).toEqual(own.sort());
    }
  });
});
