import { searchTerms } from './search-query';

/** Campaigns a page of /search shows: page N of the films beside page N of the campaigns. */
export const CAMPAIGN_SEARCH_PAGE_SIZE = 6;

/**
 * The FTS5 MATCH expression for campaigns_fts (title, description): every word required, whole; the
 * last one may also be the start of a word in the title (people type titles partially) — not of a
 * description, as for films (./search-query.ts, toMatchExpression). Quoting makes FTS5 syntax in the
 * input inert. Null when nothing searchable is left.
 */
export function toCampaignMatch(query: string): string | null {
  const terms = searchTerms(query);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  return terms.map((t, i) => (i === last ? `({title} : "${t}"* OR "${t}")` : `"${t}"`)).join(' AND ');
}
