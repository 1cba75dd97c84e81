import { formatMoney } from '../money/format';

/**
 * What a link to a page shows when it is pasted into a chat or a post: the OpenGraph and Twitter
 * card tags of the film, campaign and coins pages (issue 49 item 5; the layout writes them,
 * src/layouts/Base.astro, which escapes every value as an attribute). Addresses are absolute (the
 * site's PUBLIC_URL), as link previews need.
 */
export interface ShareCard {
  title: string;
  description: string;
  /** The page's absolute address. */
  url: string;
  type: 'video.movie' | 'website';
  image: { url: string; width: number | null; height: number | null; alt: string } | null;
}

/** How long a card's description may be: previews cut about here anyway. */
export const SHARE_DESCRIPTION_MAX = 200;

/** Text cut at a word before `max` characters, with "…" when cut; whitespace collapsed. */
export function clip(text: string, max = SHARE_DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:–—-]+$/u, '')}…`;
}

export interface ShareFilm {
  id: string;
  title: string;
  description: string;
  posterUrl: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
}

export interface ShareCampaign {
  title: string;
  raisedCents: number;
  goalCents: number;
}

/** "$1,200.00 raised of $5,000.00 goal": a campaign's figures as its card gives them. */
export const raisedOfGoal = (c: ShareCampaign) =>
  `${formatMoney(c.raisedCents)} raised of ${formatMoney(c.goalCents)} goal`;

/**
 * A film's page: its title and description; with a public campaign, the campaign's title and its
 * raised of goal lead the description. The coins page (`page: 'coins'`) says it is the film's coin.
 */
export function filmShareCard(opts: {
  film: ShareFilm;
  campaign?: ShareCampaign | null;
  publicUrl: string;
  page?: 'film' | 'coins';
}): ShareCard {
  const { film, campaign, publicUrl, page = 'film' } = opts;
  const path = page === 'coins' ? `/movie/${film.id}/coins` : `/movie/${film.id}`;
  const lead = campaign ? `${campaign.title}: ${raisedOfGoal(campaign)}. ` : '';
  const about = page === 'coins' ? `Creator coins of “${film.title}”. ` : '';
  return {
    title: page === 'coins' ? `${film.title} · Creator coins` : film.title,
    description: clip(`${about}${lead}${film.description}`),
    url: new URL(path, publicUrl).toString(),
    type: page === 'coins' ? 'website' : 'video.movie',
    image: film.posterUrl
      ? {
          url: new URL(film.posterUrl, publicUrl).toString(),
          width: film.posterWidth,
          height: film.posterHeight,
          alt: `Poster of ${film.title}`,
        }
      : null,
  };
}
