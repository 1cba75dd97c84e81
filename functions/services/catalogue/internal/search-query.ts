import { sql } from 'drizzle-orm';

/** How the user's search text becomes an FTS5 query, and how its highlights come back. */
export const SEARCH_PAGE_SIZE = 20;
export const MAX_QUERY_LENGTH = 200;
const MAX_TERMS = 8;

/** bm25 column weights: title, description, category, creators. */
export const WEIGHTS = sql.raw('10.0, 1.0, 2.0, 4.0');

/** Text with its matches marked: render `hit` parts highlighted, everything as text (never as HTML). */
export type Highlighted = { text: string; hit: boolean }[];

export interface SearchHit {
  id: string;
  title: string;
  titleHighlighted: Highlighted;
  descriptionHighlighted: Highlighted;
  year: number | null;
  categoryName: string | null;
  creatorName: string | null;
  posterUrl: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
}

export interface SearchResult {
  query: string;
  hits: SearchHit[];
  page: number;
  hasMore: boolean;
}

/** The query as the user meant it: trimmed, whitespace collapsed, capped. Empty means "no search". */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * An FTS5 MATCH expression from user text: split into words the way the index's tokenizer does
 * (letters and digits; everything else separates), all of them required. Words match whole words;
 * the last one may also be the start of a word in the title, category or creators' names (people
 * type titles and names partially) — not of a description, so a short fragment does not pull in
 * half the catalogue.
 * Quoting makes FTS5 syntax in the input inert. Null when nothing searchable is left.
 */
export function toMatchExpression(query: string): string | null {
  const terms = query
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  return terms.map((t, i) => (i === last ? `({title category creators} : "${t}"* OR "${t}")` : `"${t}"`)).join(' AND ');
}

const OPEN = '\u0001';
const CLOSE = '\u0002';

/** Splits FTS5 highlight() output (marked with control characters) into plain and matched parts. */
export function parseHighlight(marked: string): Highlighted {
  const out: Highlighted = [];
  const re = new RegExp(`${OPEN}([^${CLOSE}]*)${CLOSE}`, 'g');
  let last = 0;
  for (const m of marked.matchAll(re)) {
    if (m.index > last) out.push({ text: marked.slice(last, m.index), hit: false });
    out.push({ text: m[1] ?? '', hit: true });
    last = m.index + m[0].length;
  }
  if (last < marked.length) out.push({ text: marked.slice(last), hit: false });
  return out.filter((p) => p.text.length > 0);
}
