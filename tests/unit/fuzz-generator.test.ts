import { describe, expect, it } from 'vitest';
import { type FuzzWorld, generator, roundSize } from '../fuzz/generate';

const world: FuzzWorld = {
  routes: [
    { method: 'GET', path: '/api/things/:id' },
    { method: 'POST', path: '/api/things' },
    { method: 'GET', path: '/api/auth/*' },
    { method: 'POST', path: '/api/auth/*' },
    { method: 'POST', path: '/api/webhooks/stripe' },
  ],
  pages: ['/', '/movie/:movieId'],
  actors: ['anonymous', 'viewer'],
  pools: { films: ['f1', 'f2'], users: ['u1'] },
  origin: 'http://localhost:4321',
};
const draw = (seed: number, n: number, hashBudget = 5) => {
  const next = generator(seed, world, { hashBudget, nowSeconds: 1_795_000_000 });
  return Array.from({ length: n }, () => next());
};

describe('the fuzz generator', () => {
  it('gives the same requests for the same seed, and others for another seed', () => {
    expect(draw(7, 200)).toEqual(draw(7, 200));
    expect(draw(8, 200)).not.toEqual(draw(7, 200));
  });

  it('requests every route and page in each round', () => {
    const requests = draw(1, roundSize(world));
    for (const r of world.routes) expect(requests.some((q) => q.route === `${r.method} ${r.path}`)).toBe(true);
    for (const p of world.pages) expect(requests.some((q) => q.route === `GET ${p}`)).toBe(true);
  });

  it('keeps password-hashing requests within the budget', () => {
    const requests = draw(3, 2000, 4);
    expect(requests.filter((q) => q.hashes).length).toBeLessThanOrEqual(4);
    const hashing = /\/(sign-in\/email|sign-up\/email|change-password)(\?|$)/;
    expect(requests.some((q) => hashing.test(q.path) && !q.hashes)).toBe(false);
  });

  it('never puts a body on a GET or HEAD', () => {
    for (const q of draw(5, 2000)) if (q.method === 'GET' || q.method === 'HEAD') expect(q.body).toBeUndefined();
  });
});
