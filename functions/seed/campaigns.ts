import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Viewer } from '../auth/viewer';
import type { Db } from '../db/client';
import { campaigns, profiles, user, userRoles, videos } from '../db/schema';
import {
  acceptInvitation,
  addMember,
  approveCampaign,
  createCampaign,
  launchCampaign,
  pauseCampaign,
  rejectCampaign,
  setCampaignStatus,
  submitCampaign,
} from '../services/campaigns';
import type { SeedModule } from './types';

export type Who = 'cora' | 'milo' | 'vera' | 'uma' | 'ada';
type Creator = 'cora' | 'milo';
export const EMAILS: Record<Who, string> = {
  cora: 'creator@reelfund.local',
  milo: 'creator2@reelfund.local',
  vera: 'viewer@reelfund.local',
  uma: 'user@reelfund.local',
  ada: 'admin@reelfund.local',
};

type Plan = 'draft' | 'review' | 'approved' | 'live' | 'paused' | 'completed' | 'rejected' | 'cancelled' | 'pending';

interface Demo {
  owner: Creator;
  film: string;
  title: string;
  description: string;
  goal: number;
  plan: Plan;
  /**
   * Members and whether they accept. Only creators accept: joining grants the contributor role, and
   * the demo viewer, user and editor keep exactly their one role.
   */
  team: { who: Who; role: string; accepts: boolean }[];
  /** Invited once live: every approval resets and the campaign shows Waiting for Team Approval. */
  lateInvite?: { who: Who; role: string };
}

const DEMOS: Demo[] = [
  {
    owner: 'cora',
    film: 'Harbor Lights',
    title: 'Harbor Lights: the sequel',
    description: 'Back to the harbor town for a second winter.',
    goal: 300_000,
    plan: 'draft',
    team: [{ who: 'vera', role: 'Production Assistant', accepts: false }],
  },
  {
    owner: 'cora',
    film: 'The Last Projectionist',
    title: 'Restore the Last Projectionist',
    description: 'A 4K restoration of the original reels.',
    goal: 500_000,
    plan: 'review',
    team: [{ who: 'milo', role: 'Colorist', accepts: true }],
  },
  {
    owner: 'cora',
    film: 'Saltwater Hymns',
    title: 'Saltwater Hymns — the tour',
    description: 'Screenings in twelve coastal towns.',
    goal: 200_000,
    plan: 'approved',
    team: [],
  },
  {
    owner: 'cora',
    film: 'Night Shift',
    title: 'Night Shift: season two',
    description: 'Six new episodes on the late shift.',
    goal: 1_000_000,
    plan: 'live',
    team: [{ who: 'milo', role: 'Director of Photography', accepts: true }],
  },
  {
    owner: 'cora',
    film: 'Paper Kites',
    title: 'Paper Kites festival cut',
    description: 'A festival cut with a new score.',
    goal: 400_000,
    plan: 'paused',
    team: [{ who: 'milo', role: 'Composer', accepts: true }],
  },
  {
    owner: 'cora',
    film: 'Winter Orchard',
    title: 'Winter Orchard',
    description: 'Funded and finished.',
    goal: 600_000,
    plan: 'completed',
    team: [{ who: 'milo', role: 'Sound Designer', accepts: true }],
  },
  {
    owner: 'milo',
    film: 'Neon Alley',
    title: 'Neon Alley',
    description: 'A noir in one night.',
    goal: 700_000,
    plan: 'live',
    team: [{ who: 'cora', role: 'Editor', accepts: true }],
    lateInvite: { who: 'uma', role: 'Producer' },
  },
  {
    owner: 'milo',
    film: 'Dust & Static',
    title: 'Dust & Static',
    description: 'Radio plays, filmed.',
    goal: 100_000,
    plan: 'rejected',
    team: [],
  },
  {
    owner: 'milo',
    film: 'Lantern Fish',
    title: 'Lantern Fish',
    description: 'A deep-sea documentary.',
    goal: 800_000,
    plan: 'cancelled',
    team: [],
  },
  {
    owner: 'milo',
    film: 'Glass Mountain',
    title: 'Glass Mountain',
    description: 'Climbing a glacier that is leaving.',
    goal: 900_000,
    plan: 'pending',
    team: [],
  },
];

export async function viewerFor(db: Db, email: string): Promise<Viewer | null> {
  const u = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email)).get();
  if (!u) return null;
  const [p, roles] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, u.id)).get(),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, u.id)).all(),
  ]);
  return {
    userId: u.id,
    email: u.email,
    username: p?.username ?? null,
    avatarUrl: p?.avatarUrl ?? null,
    roles: roles.map((r) => r.role),
    sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  };
}

/**
 * One of the owner's films without a campaign: the one with this title if there is one, else the
 * owner's earliest catalogue film still without a campaign (the rest stay free, to try "start a
 * campaign"); a minimal approved film is created only when the owner has none left.
 */
export async function freeFilm(db: Db, ownerId: string, title: string): Promise<string> {
  const candidates = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .leftJoin(campaigns, eq(campaigns.movieId, videos.id))
    .where(and(eq(videos.contributorId, ownerId), eq(videos.reviewStatus, 'approved'), isNull(campaigns.id)))
    .orderBy(videos.createdAt, videos.id)
    .all();
  const free = candidates.find((c) => c.title === title) ?? candidates[0];
  if (free) return free.id;
  const id = crypto.randomUUID();
  await db.insert(videos).values({
    id,
    title,
    description: `${title} — a Reelfund demo film.`,
    contributorId: ownerId,
    reviewStatus: 'approved',
    publishedAt: new Date(),
  });
  return id;
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A campaign in every status (and one Waiting for Team Approval), with teams, made through the
 * campaign verbs as the demo creators and the demo admin would make them.
 */
export const campaignsSeed: SeedModule = {
  name: 'campaigns',
  async run(deps, log) {
    const { db } = deps;
    const people = {} as Record<Who, Viewer>;
    for (const [who, email] of Object.entries(EMAILS) as [Who, string][]) {
      const v = await viewerFor(db, email);
      if (!v) {
        log(`campaigns: ${email} is missing, skipped (the demo-users seed runs first)`);
        return;
      }
      people[who] = v;
    }
    const titles = DEMOS.map((d) => d.title);
    const done = new Set(
      (await db.select({ title: campaigns.title }).from(campaigns).where(inArray(campaigns.title, titles)).all()).map(
        (r) => r.title,
      ),
    );
    const admin = people.ada;
    for (const demo of DEMOS) {
      if (done.has(demo.title)) continue;
      const owner = people[demo.owner];
      const c = await createCampaign(deps, owner, {
        movieId: await freeFilm(db, owner.userId, demo.film),
        title: demo.title,
        description: demo.description,
        goalAmount: demo.goal,
        endDate: inDays(45),
      });
      for (const m of demo.team) await addMember(deps, owner, c.id, { userId: people[m.who].userId, role: m.role });
      for (const m of demo.team) if (m.accepts) await acceptInvitation(deps, people[m.who], c.id);
      const submit = () => submitCampaign(deps, owner, c.id);
      const approve = () => approveCampaign(deps, admin, c.id);
      const launch = () => launchCampaign(deps, owner, c.id);
      switch (demo.plan) {
        case 'draft':
          break;
        case 'review':
          await submit();
          break;
        case 'approved':
          await submit();
          await approve();
          break;
        case 'live':
          await submit();
          await approve();
          await launch();
          break;
        case 'paused':
          await submit();
          await approve();
          await launch();
          await pauseCampaign(deps, owner, c.id);
          break;
        case 'completed':
          await submit();
          await approve();
          await launch();
          await setCampaignStatus(deps, admin, c.id, 'completed');
          break;
        case 'rejected':
          await submit();
          await rejectCampaign(deps, admin, c.id, 'Tell backers what the money pays for.');
          break;
        case 'cancelled':
        case 'pending':
          await setCampaignStatus(deps, admin, c.id, demo.plan);
          break;
      }
      if (demo.lateInvite)
        await addMember(deps, owner, c.id, { userId: people[demo.lateInvite.who].userId, role: demo.lateInvite.role });
      log(`campaign "${demo.title}" (${demo.plan}${demo.lateInvite ? ', waiting for its team' : ''})`);
    }
  },
};
