import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../functions/env';

const prod = {
  ENVIRONMENT: 'production',
  PUBLIC_URL: 'https://reelfund.example.com',
  AUTH_SECRET: 'p'.repeat(40),
  MAIL_API_URL: 'https://mail.example.com/send',
  MAIL_API_KEY: 'key',
  MAIL_FROM: 'Reelfund <hi@example.com>',
};

describe('environment configuration', () => {
  it('accepts a local environment with no secrets, using labelled development defaults', () => {
    const c = parseConfig({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' });
    expect(c.isLocal).toBe(true);
    expect(c.AUTH_SECRET).toContain('local-development');
  });

  it('accepts a complete production environment', () => {
    const c = parseConfig(prod);
    expect(c.isLocal).toBe(false);
    expect(c.ENVIRONMENT).toBe('production');
  });

  it.each(['AUTH_SECRET', 'MAIL_API_URL', 'MAIL_API_KEY'])('stops production start-up without %s, naming it', (key) => {
    const { [key as keyof typeof prod]: _, ...rest } = prod;
    expect(() => parseConfig(rest)).toThrow(new RegExp(key));
  });

  it('treats an empty secret as missing', () => {
    expect(() => parseConfig({ ...prod, AUTH_SECRET: '' })).toThrow(ConfigError);
  });

  it('requires https and a database token in production', () => {
    expect(() => parseConfig({ ...prod, PUBLIC_URL: 'http://reelfund.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => parseConfig({ ...prod, DATABASE_URL: 'libsql://db.turso.io' })).toThrow(/DATABASE_AUTH_TOKEN/);
    expect(parseConfig({ ...prod, DATABASE_URL: 'libsql://db.turso.io', DATABASE_AUTH_TOKEN: 't' }).DATABASE_URL).toBe(
      'libsql://db.turso.io',
    );
  });

  it('refuses an unknown ENVIRONMENT rather than guessing', () => {
    expect(() => parseConfig({ ...prod, ENVIRONMENT: 'staging' })).toThrow(ConfigError);
    expect(() => parseConfig({ PUBLIC_URL: 'http://localhost' })).toThrow(ConfigError);
  });
});

describe('security headers', () => {
  it('merge our directives into a page policy without overriding its own', async () => {
    const { mergeCsp } = await import('../../functions/edge/security-headers');
    const merged = mergeCsp(
      "script-src 'self' 'sha256-abc'; style-src 'self'; base-uri 'none';",
      "base-uri 'self'; frame-ancestors 'none'",
    );
    expect(merged).toBe("script-src 'self' 'sha256-abc'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'");
    expect(mergeCsp(null, "frame-ancestors 'none'")).toBe("frame-ancestors 'none'");
  });
});
