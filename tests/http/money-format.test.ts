import { describe, expect, it } from 'vitest';
import { base, signIn } from './session';

/** Every dollar amount a page shows, in page order. */
const amounts = (html: string) => [...html.matchAll(/-?\$[\d,]+(?:\.\d+)?/g)].map((m) => m[0]);

describe('money on the payouts pages', () => {
  it("a creator's payouts show every amount in one format (two decimals)", async () => {
    const cookie = await signIn('creator@reelfund.local');
    const res = await fetch(`${base()}/contributor/payouts`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const shown = amounts(await res.text());
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((a) => !/\.\d{2}$/.test(a))).toEqual([]);
  });

  it("the admin's payouts show every amount in one format (two decimals)", async () => {
    const cookie = await signIn('admin@reelfund.local');
    const res = await fetch(`${base()}/admin/payouts`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const shown = amounts(await res.text());
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((a) => !/\.\d{2}$/.test(a))).toEqual([]);
  });
});
