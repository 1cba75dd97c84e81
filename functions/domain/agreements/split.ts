/**
 * The money rule of a campaign's agreed splits, pure. A campaign's team agrees its split (members,
 * roles, shares, the platform fee and the originator) as numbered, never-edited versions; money is
 * tied to the version in force when it was credited, and a release pays each version's money by
 * that version: every member floor(share × gross), the fee floor(fee % × gross), and the cents
 * left over to that version's originator. Shares are tenths of a percent (see shares.ts).
 */
import { TOTAL_PERMILLE } from '../campaigns/shares';

export interface AgreementMember {
  userId: string;
  /** As recorded when the version was agreed (null when unknown). */
  username: string | null;
  role: string;
  sharePermille: number;
  isOriginator: boolean;
}

export interface Agreement {
  version: number;
  feePercent: number;
  originatorId: string;
  /** The originator is one of them (isOriginator). */
  members: AgreementMember[];
}

export interface Payable {
  userId: string;
  amountCents: number;
}

export interface VersionSplit {
  version: number;
  grossCents: number;
  feeCents: number;
  payables: Payable[];
}

export class AgreementRuleError extends Error {
  override name = 'AgreementRuleError';
}

/** Fee and shares of one split add up to exactly 100.0 %. */
export const splitTotalPermille = (feePercent: number, shares: readonly { sharePermille: number }[]) =>
  feePercent * 10 + shares.reduce((s, m) => s + m.sharePermille, 0);

/** Refuses a version that could not pay by the rule: fee and shares must total 100.0 %, one originator. */
export function assertAgreement(a: Agreement): void {
  const fail = (why: string) => {
    throw new AgreementRuleError(`share agreement v${a.version}: ${why}`);
  };
  if (!Number.isInteger(a.version) || a.version < 1) fail('the version must be a positive integer');
  if (!Number.isInteger(a.feePercent) || a.feePercent < 0 || a.feePercent > 100) fail('the fee must be 0-100 %');
  const originators = a.members.filter((m) => m.isOriginator);
  if (originators.length !== 1 || originators[0]?.userId !== a.originatorId) fail('exactly one originator');
  if (new Set(a.members.map((m) => m.userId)).size !== a.members.length) fail('a member appears twice');
  for (const m of a.members)
    if (!Number.isInteger(m.sharePermille) || m.sharePermille < 0) fail(`bad share for ${m.userId}`);
  const total = splitTotalPermille(a.feePercent, a.members);
  if (total !== TOTAL_PERMILLE) fail(`fee and shares total ${total / 10} %, not 100.0 %`);
}

/** One version's money: each member floor(share × gross), the fee floor(fee % × gross), the rest to its originator. */
export function splitByAgreement(grossCents: number, agreement: Agreement): VersionSplit {
  assertAgreement(agreement);
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new AgreementRuleError(`bad gross ${grossCents}`);
  const feeCents = Math.floor((grossCents * agreement.feePercent) / 100);
  const payables = agreement.members.map((m) => ({
    userId: m.userId,
    amountCents: Math.floor((grossCents * m.sharePermille) / TOTAL_PERMILLE),
  }));
  const leftover = grossCents - feeCents - payables.reduce((s, p) => s + p.amountCents, 0);
  const originator = payables.find((p) => p.userId === agreement.originatorId);
  // Shares total 100.0 % less the fee, so the floors leave at most one cent per line.
  if (!originator || leftover < 0) throw new AgreementRuleError(`v${agreement.version} cannot split ${grossCents}`);
  originator.amountCents += leftover;
  return { version: agreement.version, grossCents, feeCents, payables };
}

export interface VersionedRelease {
  grossCents: number;
  feeCents: number;
  /** Per member, summed over the versions (first appearance order); members owed nothing are left out. */
  payables: Payable[];
  /** Per version, ascending: what that version's money paid. */
  versions: VersionSplit[];
}

/** A release of money raised under several versions: each version's gross split by that version, then summed per member. */
export function releaseByVersions(portions: readonly { agreement: Agreement; grossCents: number }[]): VersionedRelease {
  const seen = new Set<number>();
  const versions = [...portions]
    .sort((a, b) => a.agreement.version - b.agreement.version)
    .map((p) => {
      if (seen.has(p.agreement.version)) throw new AgreementRuleError(`v${p.agreement.version} appears twice`);
      seen.add(p.agreement.version);
      return splitByAgreement(p.grossCents, p.agreement);
    });
  const totals = new Map<string, number>();
  for (const v of versions)
    for (const p of v.payables) totals.set(p.userId, (totals.get(p.userId) ?? 0) + p.amountCents);
  return {
    grossCents: versions.reduce((s, v) => s + v.grossCents, 0),
    feeCents: versions.reduce((s, v) => s + v.feeCents, 0),
    payables: [...totals].filter(([, cents]) => cents > 0).map(([userId, amountCents]) => ({ userId, amountCents })),
    versions,
  };
}

/** "v1, v2": how a release names the versions it paid. */
export const versionsLabel = (versions: readonly number[]) =>
  [...versions]
    .sort((a, b) => a - b)
    .map((v) => `v${v}`)
    .join(', ');

/**
 * The agreed version money belongs to: the one it was credited under; money credited before any
 * version was recorded (a campaign waiting for its team when versions began) belongs to the first.
 */
export function portionsByVersion(
  held: readonly { version: number | null; grossCents: number }[],
  agreements: readonly Agreement[],
): { agreement: Agreement; grossCents: number }[] | null {
  const byVersion = new Map(agreements.map((a) => [a.version, a]));
  const first = agreements[0]?.version;
  const gross = new Map<number, number>();
  for (const h of held) {
    if (h.grossCents === 0) continue;
    const version = h.version ?? first;
    if (version === undefined) return null;
    if (!byVersion.has(version)) throw new Error(`money raised under unknown share agreement v${version}`);
    gross.set(version, (gross.get(version) ?? 0) + h.grossCents);
  }
  return [...gross].map(([version, grossCents]) => ({ agreement: byVersion.get(version) as Agreement, grossCents }));
}
