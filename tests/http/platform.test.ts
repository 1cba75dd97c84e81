import { describe, expect, inject, it } from 'vitest';

const base = () => inject('baseUrl');

describe('the built worker over HTTP', () => {
  it('serves /api/health from the embedded database', async () => {
    const res = await fetch(`${base()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('runs the worker first for prerendered pages (security headers on a static page)', async () => {
    const res = await fetch(`${base()}/faq`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves built static files directly, without the worker', async () => {
    const html = await (await fetch(`${base()}/`)).text();
    const asset = html.match(/\/_astro\/[^"']+\.(?:js|css)/)?.[0];
    expect(asset, 'the home page references a built asset').toBeTruthy();
    const res = await fetch(`${base()}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
    // A file served by the worker would carry the pages' policy (with script-src); this one has the
    // built files' own policy from public/_headers, so it bypassed the worker.
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).not.toContain('script-src');
  });
});
