import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../functions/auth/viewer';
import type { CampaignStatus } from '../../../functions/domain/campaigns/status';
import type { Deps } from '../../../functions/platform/deps';
import {
  acceptInvitation,
  addMember,
  approveCampaign,
  declineInvitation,
  deleteCampaign,
  editCampaign,
  launchCampaign,
  pauseCampaign,
  rejectCampaign,
  removeMember,
  resumeCampaign,
  setCampaignStatus,
  submitCampaign,
} from '../../../functions/services/campaigns';
import { makeCampaign } from '../campaign-factories';
import { asViewer, makeUser, type TestUser } from '../factories';
import { registerMoneyTestHooks } from '../stripe-support';
import { type CaseReport, exercise, type Fixture, printReports, type VerbCase } from './harness';

registerMoneyTestHooks();

let owner: TestUser;
let member: TestUser;
let admin: TestUser;
let outsider: TestUser;
const as = {
  owner: (): Viewer => asViewer(owner, ['viewer', 'contributor']),
  admin: (): Viewer => asViewer(admin, ['viewer', 'admin']),
};

beforeAll(async () => {
  [owner, member, admin, outsider] = await Promise.all([
    makeUser(['contributor'], 'owner'),
    makeUser(['contributor'], 'member'),
    makeUser(['admin'], 'admin'),
    makeUser([], 'outsider'),
  ]);
});

interface TeamFixture extends Fixture {
  memberId: string;
  member: TestUser;
}

/** A campaign of `owner` in `status` with one member (approved unless told), labelled for the state. */
async function teamCampaign(
  status: CampaignStatus,
  opts: { approved?: boolean; pausedFrom?: CampaignStatus; invitee?: TestUser } = {},
): Promise<TeamFixture> {
  const who = opts.invitee ?? member;
  const c = await makeCampaign({
    owner,
    status,
    pausedFrom: opts.pausedFrom,
    members: [{ user: who, approved: opts.approved ?? true }],
  });
  return {
    campaignId: c.id,
    memberId: c.members[0]?.memberId as string,
    member: who,
    people: { owner: owner.id, member: who.id, admin: admin.id, outsider: outsider.id },
    ids: { film: c.movieId, memberRow: c.members[0]?.memberId as string },
  };
}

const transition = (
  name: string,
  status: CampaignStatus,
  run: (s: Deps, f: TeamFixture) => Promise<unknown>,
  opts: { pausedFrom?: CampaignStatus } = {},
): VerbCase<TeamFixture> => ({
  name,
  atomic: true,
  setup: () => teamCampaign(status, opts),
  run,
});

/** The enumerated campaign verbs: every status transition, the team's changes and a member's approval. */
const CASES: VerbCase<TeamFixture>[] = [
  transition('submit (draft → pending review)', 'pending', (s, f) => submitCampaign(s, as.owner(), f.campaignId)),
  transition('approve (admin: pending review → approved)', 'pending_approval', (s, f) =>
    approveCampaign(s, as.admin(), f.campaignId),
  ),
  transition('reject (admin: pending review → rejected)', 'pending_approval', (s, f) =>
    rejectCampaign(s, as.admin(), f.campaignId, 'The poster is missing'),
  ),
  transition('launch (approved → live)', 'approved', (s, f) => launchCampaign(s, as.owner(), f.campaignId)),
  transition('pause (live → paused)', 'live', (s, f) => pauseCampaign(s, as.owner(), f.campaignId)),
  transition('resume (paused → live)', 'paused', (s, f) => resumeCampaign(s, as.owner(), f.campaignId), {
    pausedFrom: 'live',
  }),
  transition('set status (admin: live → completed)', 'live', (s, f) =>
    setCampaignStatus(s, as.admin(), f.campaignId, 'completed'),
  ),
  transition('cancel (admin: approved → cancelled)', 'approved', (s, f) =>
    setCampaignStatus(s, as.admin(), f.campaignId, 'cancelled', 'Rights dispute'),
  ),
  {
    name: 'add member',
    atomic: true,
    setup: () => teamCampaign('active'),
    run: (s, f) => addMember(s, as.owner(), f.campaignId, { userId: outsider.id, role: 'Sound' }),
  },
  {
    name: 'remove member',
    atomic: true,
    setup: () => teamCampaign('active'),
    run: (s, f) => removeMember(s, as.owner(), f.campaignId, f.memberId),
  },
  {
    // A first approval joins the team: agreement, contributor role and the split's version 1, one batch.
    name: 'approve share (invitee joins)',
    atomic: true,
    setup: async () => teamCampaign('active', { approved: false, invitee: await makeUser([], 'invitee') }),
    run: (s, f) => acceptInvitation(s, asViewer(f.member, ['viewer']), f.campaignId),
  },
  {
    // The invitation's row goes, the owner is told and gets the invitee's message: one batch.
    name: 'decline invitation (with a message)',
    atomic: true,
    setup: async () => teamCampaign('active', { approved: false, invitee: await makeUser([], 'decliner') }),
    run: (s, f) =>
      declineInvitation(s, asViewer(f.member, ['viewer']), f.campaignId, { message: 'Not this time, thank you' }),
  },
  {
    // The owner's edit of a live campaign sends it back to review: fields, status, history, notices.
    name: 'edit (owner: live → back to review)',
    atomic: true,
    setup: () => teamCampaign('live'),
    run: (s, f) =>
      editCampaign(s, as.owner(), f.campaignId, { title: 'A new title', description: 'Told differently now.' }),
  },
  {
    name: 'delete (a campaign that took no money)',
    atomic: true,
    setup: () => teamCampaign('active'),
    run: (s, f) => deleteCampaign(s, as.owner(), f.campaignId),
  },
];

describe('faults in every campaign verb: no half-written change, and the verb can be repeated', () => {
  const reports: CaseReport[] = [];

  it.each(CASES.map((c) => [c.name, c] as const))('%s', { timeout: 120_000 }, async (_, c) => {
    const report = await exercise(c);
    expect(report.dbPoints).toBeGreaterThan(0);
    // Each of these verbs writes once: a failed run left the campaign as before or as done.
    expect(report.between).toBe(0);
    reports.push(report);
  });

  it('covered every verb and injection point', () => {
    const points = printReports('campaigns', reports);
    expect(reports.map((r) => r.verb)).toEqual(CASES.map((c) => c.name));
    expect(reports).toHaveLength(14);
    expect(points).toBe(reports.reduce((s, r) => s + r.dbPoints, 0));
  });
});
