import { describe, expect, it } from 'vitest';
import { base, signIn } from './session';

const page = async (path: string, email: string) => {
  const res = await fetch(`${base()}${path}`, { headers: { cookie: await signIn(email) } });
  expect(res.status).toBe(200);
  return res.text();
};

describe('the add-film page', () => {
  it('tells an admin the film is published directly, with a Publish button', async () => {
    const html = await page('/admin/add-movie', 'admin@reelfund.local');
    expect(html).not.toContain('goes to an admin for review');
    expect(html).not.toContain('Submit for review');
    expect(html).toMatch(/data-submit[^>]*>Publish film</);
  });

  it('tells a creator the film goes to review', async () => {
    const html = await page('/contributor/add-movie', 'creator@reelfund.local');
    expect(html).toContain('Your film goes to an admin for review');
    expect(html).toMatch(/data-submit[^>]*>Submit for review</);
  });
});
