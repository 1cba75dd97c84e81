import { describe, expect, it } from 'vitest';
import {
  type Agreement,
  AgreementRuleError,
  releaseByVersions,
  splitByAgreement,
  versionsLabel,
} from '../../functions/domain/agreements/split';
import { computeShares } from '../../functions/domain/campaigns/shares';

/** A version as the verbs write it: the originator plus `others`, shares from computeShares. */
function agreement(version: number, fee: number, others: string[], originator = 'cora'): Agreement {
  const s = computeShares(fee, others.length);
  return {
    version,
    feePercent: fee,
    originatorId: originator,
    members: [
      {
        userId: originator,
        username: originator,
        role: 'Originator',
        sharePermille: s.originatorPermille,
        isOriginator: true,
      },
      ...others.map((u) => ({
        userId: u,
        username: u,
        role: 'Editor',
        sharePermille: s.contributorPermille,
        isOriginator: false,
      })),
    ],
  };
}

const cents = (payables: { userId: string; amountCents: number }[]) =>
  Object.fromEntries(payables.map((p) => [p.userId, p.amountCents]));

describe('a version pays its money by its own split', () => {
  it('The Quiet Floor: $75 under cora 45 % and milo 45 % → fee $7.50, $33.75 each', () => {
    const split = splitByAgreement(7_500, agreement(1, 10, ['milo']));
    expect(split.feeCents).toBe(750);
    expect(cents(split.payables)).toEqual({ cora: 3_375, milo: 3_375 });
  });

  it('each member floor(share × gross), the fee floor(fee % × gross), the leftover cents to the originator', () => {
    // 30.0 % each of 4,333: 1,299.9 → 1,299; fee 433.3 → 433; 4,333 − 433 − 3 × 1,299 = 3 more to cora.
    const split = splitByAgreement(4_333, agreement(2, 10, ['milo', 'vera']));
    expect(split.feeCents).toBe(433);
    expect(cents(split.payables)).toEqual({ cora: 1_302, milo: 1_299, vera: 1_299 });
  });

  it('pays exactly the gross for every amount, fee and team size', () => {
    for (const fee of [0, 1, 10, 33, 99, 100])
      for (const size of [0, 1, 2, 6, 19]) {
        const a = agreement(
          1,
          fee,
          Array.from({ length: size }, (_, i) => `m${i}`),
        );
        for (const gross of [0, 1, 7, 99, 100, 4_333, 1_000_001]) {
          const s = splitByAgreement(gross, a);
          expect(s.feeCents + s.payables.reduce((t, p) => t + p.amountCents, 0)).toBe(gross);
          for (const p of s.payables) expect(p.amountCents).toBeGreaterThanOrEqual(0);
        }
      }
  });

  it('the originator of the version gets the leftover, not whoever owns the film now', () => {
    const split = splitByAgreement(1_001, agreement(1, 10, ['cora'], 'milo'));
    // 45.0 % of 1,001 = 450.45 → 450 each, fee 100, one cent left → milo, that version's originator.
    expect(cents(split.payables)).toEqual({ milo: 451, cora: 450 });
  });

  it('refuses a version whose fee and shares do not total 100.0 %, or with no single originator', () => {
    const bad = agreement(1, 10, ['milo']);
    const short = { ...bad, members: bad.members.map((m) => ({ ...m, sharePermille: 300 })) };
    expect(() => splitByAgreement(100, short)).toThrow(AgreementRuleError);
    const noOriginator = { ...bad, members: bad.members.map((m) => ({ ...m, isOriginator: false })) };
    expect(() => splitByAgreement(100, noOriginator)).toThrow(/originator/);
    expect(() => splitByAgreement(-1, bad)).toThrow(AgreementRuleError);
  });
});

describe('a release of money raised under several versions', () => {
  it('splits each version by itself and sums per member: a member added later gets nothing of earlier money', () => {
    const v1 = agreement(1, 10, ['milo']);
    const v2 = agreement(2, 10, ['milo', 'vera']);
    const r = releaseByVersions([
      { agreement: v2, grossCents: 3_000 },
      { agreement: v1, grossCents: 7_500 },
    ]);
    expect(r.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(r.grossCents).toBe(10_500);
    expect(r.feeCents).toBe(750 + 300);
    expect(cents(r.payables)).toEqual({ cora: 3_375 + 900, milo: 3_375 + 900, vera: 900 });
  });

  it('a member removed by a later version keeps their share of what was raised under theirs', () => {
    const r = releaseByVersions([
      { agreement: agreement(1, 10, ['milo']), grossCents: 2_000 },
      { agreement: agreement(2, 10, []), grossCents: 1_000 },
    ]);
    expect(cents(r.payables)).toEqual({ cora: 900 + 900, milo: 900 });
  });

  it('leaves out members owed nothing, refuses a version twice, and names its versions', () => {
    const fee100 = agreement(3, 100, ['milo']);
    expect(releaseByVersions([{ agreement: fee100, grossCents: 500 }]).payables).toEqual([]);
    const v1 = agreement(1, 10, []);
    expect(() =>
      releaseByVersions([
        { agreement: v1, grossCents: 1 },
        { agreement: v1, grossCents: 2 },
      ]),
    ).toThrow(/twice/);
    expect(versionsLabel([2, 1])).toBe('v1, v2');
  });
});
