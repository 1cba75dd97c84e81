import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorize } from '../../functions/auth/authorize';
import type { Viewer } from '../../functions/auth/identity';
import { RULES, SCOPES } from '../../functions/auth/rules';
import { CAMPAIGN_ACTIONS, type CampaignAction, mayPerform } from '../../functions/domain/campaigns/status';
import { VERB_INPUTS } from '../support/verb-inputs';
import { VERB_RULES } from '../support/verb-rules';
import { readVerbs } from '../support/verbs';

/**
 * Every verb — every export of functions/services/<feature>/*.ts — starts by authorizing its actor:
 * its first statement is `authorize(<its actor parameter>, '<rule>')`, with the rule the table in
 * tests/support/verb-rules.ts gives it (the workerd test calls each one as an actor the rule refuses).
 */
const verbs = readVerbs();

describe('verbs authorize their actor first', () => {
  it('lists the verbs', () => {
    console.log(`${verbs.length} verbs in functions/services/<feature>/*.ts`);
    expect(verbs.length).toBeGreaterThan(50);
  });

  it('exports only functions (helpers, constants and schemas live in lib/, internal/ or functions/domain/)', () => {
    expect(verbs.filter((v) => v.kind !== 'function').map((v) => v.key)).toEqual([]);
  });

  it('starts every verb with the authorization call', () => {
    const missing = verbs.filter((v) => v.kind === 'function' && v.rule === null);
    expect(missing.map((v) => `${v.key}: ${v.firstStatement?.split('\n')[0] ?? '(empty body)'}`)).toEqual([]);
  });

  it('names the rule the table gives each verb, and the table names no other verb', () => {
    const found = Object.fromEntries(verbs.map((v) => [v.key, v.rule]));
    const expected = Object.fromEntries(
      Object.entries(VERB_RULES).map(([key, row]) => [key, typeof row === 'string' ? row : row.rule]),
    );
    expect(found).toEqual(expected);
  });

  it('lists every verb that takes input in tests/support/verb-inputs.ts, and checks it right after authorizing', () => {
    const takesInput = verbs
      .filter((v) => v.params.some((p) => ['input', 'q', 'filter'].includes(p)))
      .map((v) => v.key);
    expect(takesInput.filter((key) => !(key in VERB_INPUTS))).toEqual([]);
    const known = new Set(verbs.map((v) => v.key));
    expect(Object.keys(VERB_INPUTS).filter((key) => !known.has(key))).toEqual([]);
    const unchecked = verbs.filter((v) => v.key in VERB_INPUTS && !/\bparseInput\(/.test(v.secondStatement ?? ''));
    expect(unchecked.map((v) => `${v.key}: ${v.secondStatement?.split('\n')[0] ?? '(none)'}`)).toEqual([]);
  });

  it("says who each rule lets through, and a public verb's rule is public", () => {
    for (const [key, row] of Object.entries(VERB_RULES)) {
      const rule = typeof row === 'string' ? row : row.rule;
      expect(RULES[rule], key).toBeDefined();
      expect(RULES[rule] === 'public', `${key}: ${rule} is ${RULES[rule]}`).toBe(typeof row !== 'string');
    }
  });

  it('refuses an admin-only campaign action on the first line: its rule is an admin rule', () => {
    const adminOnly = (action: CampaignAction) =>
      mayPerform(action, { isAdmin: true, isOwner: false, isMember: false }) &&
      !mayPerform(action, { isAdmin: false, isOwner: true, isMember: true });
    const ROOT = join(import.meta.dirname, '../..');
    const wrong = verbs
      .filter((v) => v.key.startsWith('campaigns/') && v.rule)
      .filter((v) => {
        const text = readFileSync(join(ROOT, v.file), 'utf8');
        const actions = [...text.matchAll(/(?:requireCampaignAction\([^)]*?|action: )'(\w+)'/g)]
          .map((m) => m[1] as CampaignAction)
          .filter((a) => (CAMPAIGN_ACTIONS as readonly string[]).includes(a));
        return actions.some(adminOnly) && RULES[v.rule as keyof typeof RULES] !== 'admin';
      })
      .map((v) => `${v.key}: ${v.rule}`);
    expect(wrong).toEqual([]);
  });
});

describe('a resource rule hands its verb the scope its reads apply', () => {
  const person = (roles: Viewer['roles']): Viewer => ({
    userId: 'u1',
    email: 'u1@example.com',
    username: 'u1',
    avatarUrl: null,
    roles,
    sessionExpiresAt: '2030-01-01T00:00:00.000Z',
  });

  it('limits a creator to their own rows and lets an admin read every row under an -or-admin scope', () => {
    expect(authorize(person(['user', 'contributor']), 'campaign.edit').scope).toEqual({
      kind: 'team-or-admin',
      userId: 'u1',
      everything: false,
    });
    expect(authorize(person(['user', 'admin']), 'campaign.edit').scope.everything).toBe(true);
    expect(authorize(person(['user', 'admin']), 'film.edit-own').scope.everything).toBe(true);
    expect(authorize(person(['user', 'contributor']), 'film.edit-own').scope.everything).toBe(false);
    // An upload is its owner's alone, an admin's too.
    expect(authorize(person(['user', 'admin', 'contributor']), 'upload.own').scope).toEqual({
      kind: 'own',
      userId: 'u1',
      everything: false,
    });
  });

  it('gives a rule without a scope the actor alone', () => {
    expect(authorize(person(['user']), 'my-list.own')).not.toHaveProperty('scope');
  });

  it('reads one campaign, film or upload only through a scoped loader, under a rule that has a scope', () => {
    const SCOPED_LOADERS =
      /\b(requireCampaignAction|loadScopedCampaign|campaignScope|applyTransition|loadManageableFilm|loadOwnUpload)\(/;
    const reading = verbs.filter((v) => v.rule && SCOPED_LOADERS.test(v.body));
    expect(reading.length).toBeGreaterThan(20);
    expect(reading.filter((v) => !(v.rule && v.rule in SCOPES)).map((v) => `${v.key}: ${v.rule}`)).toEqual([]);
  });
});
