import { describe, expect, it } from 'vitest';
import { call, env } from './worker-call';

describe('GET /api/health through the worker', () => {
  it('reports the database as up', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    const body = await res.json<{ status: string; database: string }>();
    expect(body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('carries a request id and the security headers', async () => {
    const res = await call('/api/health');
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // Local: no HSTS (it would pin localhost to https).
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await call('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such endpoint' } });
  });

  it('refuses an oversized body with 413 and the error shape', async () => {
    const res = await call('/api/health', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('sees a database that has the migrations applied', async () => {
    const row = await env.DB.prepare(
      "select count(*) as n from sqlite_master where type='table' and name='profiles'",
    ).first<{ n: number }>();
    expect(row?.n).toBe(1);
  });
});
