import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import {
  escrowClaims,
  ledgerEntries,
  ledgerGroups,
  releasePortions,
  shareAgreementMembers,
  shareAgreements,
} from '../../../db/schema';
import { type Agreement, portionsByVersion, releaseByVersions } from '../../../domain/agreements/split';
import type { ProjectionCheck } from './projection-check';

/** Version 0 portions are releases made before agreements were versioned (see releasePortions). */
const LEGACY = 0;

async function agreementsByCampaign(db: Db) {
  const [versions, members] = await Promise.all([
    db.select().from(shareAgreements).orderBy(shareAgreements.campaignId, shareAgreements.version),
    db.select().from(shareAgreementMembers),
  ]);
  const out = new Map<string, Agreement[]>();
  for (const v of versions) {
    const list = out.get(v.campaignId) ?? [];
    list.push({
      version: v.version,
      feePercent: v.feePercent,
      originatorId: v.originatorId,
      members: members.filter((m) => m.agreementId === v.id),
    });
    out.set(v.campaignId, list);
  }
  return out;
}

/**
 * Every release pays by the rule: the payments it claimed, grouped by the agreed version each was
 * raised under, match the versions it names (release_portions); and its fee line and every
 * member's payable line equal that rule applied to each version's money (share_agreements.ts).
 * Every refund carries the version of the payment it reverses.
 */
export const RELEASES_FOLLOW_AGREEMENTS: ProjectionCheck = {
  name: "every release pays each agreed version's money by that version",
  async mismatches(db) {
    const problems: string[] = [];
    const payment = alias(ledgerGroups, 'payment');
    const refunds = await db
      .select({ key: ledgerGroups.idempotencyKey, version: ledgerGroups.shareVersion, paid: payment.shareVersion })
      .from(ledgerGroups)
      .innerJoin(payment, sql`${payment.idempotencyKey} = 'payment:' || ${ledgerGroups.paymentIntentId}`)
      .where(and(eq(ledgerGroups.kind, 'refund'), sql`${ledgerGroups.shareVersion} is not ${payment.shareVersion}`));
    for (const r of refunds) problems.push(`refund ${r.key} is under v${r.version}, its payment under v${r.paid}`);

    const [releases, lines, portions, claimed, agreements] = await Promise.all([
      db.select().from(ledgerGroups).where(eq(ledgerGroups.kind, 'release')),
      db
        .select({ groupId: ledgerEntries.groupId, account: ledgerEntries.account, cents: ledgerEntries.amountCents })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.kind, 'release')),
      db.select().from(releasePortions),
      // Each released payment's escrow amount and version, by the release that claimed it.
      db
        .select({
          key: escrowClaims.groupKey,
          version: ledgerGroups.shareVersion,
          cents: sql<number>`sum(${ledgerEntries.amountCents})`,
        })
        .from(escrowClaims)
        .innerJoin(ledgerGroups, sql`${ledgerGroups.idempotencyKey} = 'payment:' || ${escrowClaims.paymentIntentId}`)
        .innerJoin(
          ledgerEntries,
          and(
            eq(ledgerEntries.groupId, ledgerGroups.id),
            sql`${ledgerEntries.account} = 'escrow:' || ${ledgerGroups.campaignId}`,
          ),
        )
        .where(eq(escrowClaims.claim, 'release'))
        .groupBy(escrowClaims.groupKey, ledgerGroups.shareVersion),
      agreementsByCampaign(db),
    ]);
    for (const group of releases) {
      const name = `release ${group.idempotencyKey}`;
      const mine = portions.filter((p) => p.releaseKey === group.idempotencyKey);
      const campaignId = mine[0]?.campaignId ?? group.campaignId ?? '';
      const got = new Map(lines.filter((l) => l.groupId === group.id).map((l) => [l.account, Number(l.cents)]));
      const gross = -(got.get(`escrow:${campaignId}`) ?? 0);
      if (mine.length === 0) {
        problems.push(`${name} names no share versions`);
        continue;
      }
      const named = mine.reduce((s, p) => s + p.grossCents, 0);
      if (named !== gross) problems.push(`${name}: its versions name ${named}, its escrow line ${gross}`);
      if (mine.some((p) => p.shareVersion === LEGACY)) continue;
      const held = claimed
        .filter((c) => c.key === group.idempotencyKey)
        .map((c) => ({ version: c.version, grossCents: Number(c.cents) }));
      let expected: ReturnType<typeof releaseByVersions>;
      try {
        const byVersion = portionsByVersion(held, agreements.get(campaignId) ?? []);
        if (!byVersion) throw new Error('no agreed version');
        expected = releaseByVersions(byVersion);
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message}`);
        continue;
      }
      const claimedBy = expected.versions.map((v) => `v${v.version}=${v.grossCents}`).join(' ');
      const namedBy = [...mine]
        .sort((a, b) => a.shareVersion - b.shareVersion)
        .map((p) => `v${p.shareVersion}=${p.grossCents}`)
        .join(' ');
      if (claimedBy !== namedBy)
        problems.push(`${name}: names ${namedBy}, its payments were raised under ${claimedBy}`);
      const want = new Map<string, number>([
        [`escrow:${campaignId}`, -expected.grossCents],
        ['fee:platform', expected.feeCents],
        ...expected.payables.map((p) => [`payable:${campaignId}:${p.userId}`, p.amountCents] as [string, number]),
      ]);
      for (const [account, cents] of want)
        if (cents !== 0 && got.get(account) !== cents)
          problems.push(`${name}: ${account} is ${got.get(account) ?? 0}, the rule says ${cents}`);
      for (const [account, cents] of got)
        if (!want.has(account)) problems.push(`${name}: ${account} ${cents} is not in the rule`);
    }
    return problems;
  },
};
