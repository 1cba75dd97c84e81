import { describe, expect, it } from 'vitest';
import { base, signIn } from './session';

describe('a film shows its approved team', () => {
  it('on the film page and on /movie/{id}/creators, with roles', async () => {
    // The seed gives one of cora_creator's films a campaign whose member approved their share.
    const viewer = await signIn('viewer@reelfund.local');
    const withTeam: { movieId: string; member: { username: string; role: string } }[] = [];
    const cora = await signIn('creator@reelfund.local');
    const mine = (await (await fetch(`${base()}/api/campaigns/mine`, { headers: { cookie: cora } })).json()) as {
      campaigns: { movieId: string }[];
    };
    for (const id of mine.campaigns.map((c) => c.movieId)) {
      const res = await fetch(`${base()}/api/films/${id}/team`);
      if (!res.ok) continue;
      const { team } = (await res.json()) as { team: { username: string; role: string; isOriginator: boolean }[] };
      const member = team.find((m) => !m.isOriginator);
      if (member) withTeam.push({ movieId: id, member });
    }
    const target = withTeam[0];
    expect(target, 'a seeded film with an approved team member').toBeDefined();
    if (!target) return;

    const creators = await (
      await fetch(`${base()}/movie/${target.movieId}/creators`, { headers: { cookie: viewer } })
    ).text();
    expect(creators).toContain('Originator');
    expect(creators).toContain(target.member.username);
    expect(creators).toContain(target.member.role);

    const page = await (await fetch(`${base()}/movie/${target.movieId}`)).text();
    expect(page).toContain('data-team');
    expect(page).toContain(target.member.username);
  });
});
