import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../functions/env';

const prod = {
  ENVIRONMENT: 'production',
  PUBLIC_URL: 'https://reelfund.example.com',
  AUTH_SECRET: 'p'.repeat(40),
  MAIL_API_URL: 'https://mail.example.com/send',
  MAIL_API_KEY: 'key',
  MAIL_FROM: 'Reelfund <hi@example.com>',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_platform',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
};

describe('environment configuration', () => {
  it('accepts a local environment with no secrets, using labelled development defaults', () => {
    const c = parseConfig({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' });
    expect(c.isLocal).toBe(true);
    expect(c.AUTH_SECRET).toContain('local-development');
    // Per-address flood limits default to 20 sign-ups and 60 sign-ins a minute, and are configurable.
    expect([c.AUTH_SIGN_UP_PER_MINUTE, c.AUTH_SIGN_IN_PER_MINUTE]).toEqual([20, 60]);
    expect(
      parseConfig({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://x.test', AUTH_SIGN_UP_PER_MINUTE: '7' })
        .AUTH_SIGN_UP_PER_MINUTE,
    ).toBe(7);
    expect(() =>
      parseConfig({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://x.test', AUTH_SIGN_UP_PER_MINUTE: '0' }),
    ).toThrow(/AUTH_SIGN_UP_PER_MINUTE/);
  });

  it('accepts a complete production environment', () => {
    const c = parseConfig(prod);
    expect(c.isLocal).toBe(false);
    expect(c.ENVIRONMENT).toBe('production');
  });

  it.each([
    'AUTH_SECRET',
    'MAIL_API_URL',
    'MAIL_API_KEY',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_CONNECT_WEBHOOK_SECRET',
  ])('stops production start-up without %s, naming it', (key) => {
    const { [key as keyof typeof prod]: _, ...rest } = prod;
    expect(() => parseConfig(rest)).toThrow(new RegExp(key));
  });

  it("refuses to start production with the film importer's test-only address exception", () => {
    expect(() => parseConfig({ ...prod, SCRAPER_TEST_ALLOW: '127.0.0.1:41234' })).toThrow(
      /SCRAPER_TEST_ALLOW: is a test-only setting/,
    );
    const local = { ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' };
    expect(parseConfig({ ...local, SCRAPER_TEST_ALLOW: '127.0.0.1:41234' }).SCRAPER_TEST_ALLOW).toBe('127.0.0.1:41234');
    expect(() => parseConfig({ ...local, SCRAPER_TEST_ALLOW: 'http://127.0.0.1:1/' })).toThrow(/SCRAPER_TEST_ALLOW/);
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

  it('runs payments in TEST mode only locally and only without a Stripe key', () => {
    expect(parseConfig({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' }).paymentsTestMode).toBe(true);
    expect(parseConfig(prod).paymentsTestMode).toBe(false);
    const withKey = parseConfig({
      ENVIRONMENT: 'local',
      PUBLIC_URL: 'http://localhost:4321',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_from_stripe_listen',
    });
    expect(withKey.paymentsTestMode).toBe(false);
  });

  it('refuses a live Stripe key locally, a real key without its webhook secret, and malformed secrets', () => {
    const local = { ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' };
    expect(() => parseConfig({ ...local, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => parseConfig({ ...local, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseConfig({ ...prod, STRIPE_WEBHOOK_SECRET: 'not-a-secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseConfig({ ...prod, STRIPE_SECRET_KEY: 'pk_live_publishable' })).toThrow(/STRIPE_SECRET_KEY/);
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
