import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignContributors, profiles, shareAgreementMembers, shareAgreements } from '../../db/schema';
import type { Agreement } from '../../lib/share-agreements';

/** An agreed version as stored. */
export interface AgreementRecord extends Agreement {
  id: string;
  proposal: string;
  agreedAt: Date;
}

/** Every agreed version of a campaign, oldest first, each with its members (originator first). */
export async function campaignAgreements(db: Db, campaignId: string): Promise<AgreementRecord[]> {
  const versions = await db
    .select()
    .from(shareAgreements)
    .where(eq(shareAgreements.campaignId, campaignId))
    .orderBy(asc(shareAgreements.version));
  if (versions.length === 0) return [];
  const members = await db
    .select()
    .from(shareAgreementMembers)
    .where(
      inArray(
        shareAgreementMembers.agreementId,
        db.select({ id: shareAgreements.id }).from(shareAgreements).where(eq(shareAgreements.campaignId, campaignId)),
      ),
    )
    .orderBy(desc(shareAgreementMembers.isOriginator), sql`rowid`);
  return versions.map((v) => ({
    id: v.id,
    proposal: v.proposal,
    agreedAt: v.createdAt,
    version: v.version,
    feePercent: v.feePercent,
    originatorId: v.originatorId,
    members: members
      .filter((m) => m.agreementId === v.id)
      .map((m) => ({
        userId: m.userId,
        username: m.username,
        role: m.role,
        sharePermille: m.sharePermille,
        isOriginator: m.isOriginator,
      })),
  }));
}

/** Current usernames (a rename shows), for people named by versions and the team. */
export async function usernamesOf(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 90) {
    for (const p of await db
      .select({ userId: profiles.userId, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.userId, unique.slice(i, i + 90))))
      out.set(p.userId, p.username);
  }
  return out;
}

/** The team's current split as the member rows hold it, in joining order. */
export const teamRows = (db: Db, campaignId: string) =>
  db
    .select()
    .from(campaignContributors)
    .where(eq(campaignContributors.campaignId, campaignId))
    .orderBy(asc(campaignContributors.createdAt));
