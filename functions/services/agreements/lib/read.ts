import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client';
import { campaigns, profiles, shareAgreementMembers, shareAgreements } from '../../../db/schema';
import type { Agreement } from '../../../domain/agreements/split';

/** An agreed version as stored. */
export interface AgreementRecord extends Agreement {
  id: string;
  proposal: string;
  agreedAt: Date;
}

/** A campaign by its id, or the campaign of a film (one per film) read in the same statement. */
export type CampaignKey = string | { movieId: string };

/** The condition "this column names the campaign": by id, or by a subquery on the film's campaign. */
export function isCampaign(db: Db, column: SQLiteColumn, campaign: CampaignKey): SQL {
  return typeof campaign === 'string'
    ? eq(column, campaign)
    : inArray(column, db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.movieId, campaign.movieId)));
}

/** Every agreed version of a campaign, oldest first, each with its members (originator first). */
export async function campaignAgreements(db: Db, campaign: CampaignKey): Promise<AgreementRecord[]> {
  // Both reads at once: the members by a subquery on the versions, not by their ids.
  const [versions, members] = await Promise.all([
    db
      .select()
      .from(shareAgreements)
      .where(isCampaign(db, shareAgreements.campaignId, campaign))
      .orderBy(asc(shareAgreements.version)),
    db
      .select()
      .from(shareAgreementMembers)
      .where(
        inArray(
          shareAgreementMembers.agreementId,
          db
            .select({ id: shareAgreements.id })
            .from(shareAgreements)
            .where(isCampaign(db, shareAgreements.campaignId, campaign)),
        ),
      )
      .orderBy(desc(shareAgreementMembers.isOriginator), sql`rowid`),
  ]);
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

/**
 * A lookup of current usernames that reads only the ids it was not given: `known` maps an id to
 * its profile's username, or to null when it has no profile.
 */
export function usernameLookup(db: Db, known: Map<string, string | null>) {
  return async (ids: Iterable<string>): Promise<Map<string, string>> => {
    const wanted = [...new Set(ids)];
    const missing = wanted.filter((id) => !known.has(id));
    if (missing.length) {
      const found = await usernamesOf(db, missing);
      for (const id of missing) known.set(id, found.get(id) ?? null);
    }
    const out = new Map<string, string>();
    for (const id of wanted) {
      const name = known.get(id);
      if (name != null) out.set(id, name);
    }
    return out;
  };
}
