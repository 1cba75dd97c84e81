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

/** The words of the user's text, split as the index's tokenizer splits (letters, digits, marks). */
export function searchTerms(query: string): string[] {
  return query
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
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
  const terms = searchTerms(query);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  return terms.map((t, i) => (i === last ? `({title category creators} : "${t}"* OR "${t}")` : `"${t}"`)).join(' AND ');
}

/** The columns whose matches rank first: a film's title, its category and its creators' names. */
const NAMED_COLUMNS = '{title category creators}';

/**
 * The MATCH expression for films the query finds in their title, category or creators' names alone:
 * every word there (each word in any of them), the last one also as the start of a word, as in
 * toMatchExpression. These films are ranked first, by bm25 (docs/performance.md, "Search ranks a
 * bounded candidate set").
 */
export function toNamedExpression(query: string): string | null {
  const terms = searchTerms(query);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  return `${NAMED_COLUMNS} : (${terms.map((t, i) => (i === last ? `"${t}"*` : `"${t}"`)).join(' AND ')})`;
}

/**
 * How many of the newest description matches (films found only with their description's help) are
 * ranked by bm25 after the named matches; older ones follow, newest first, unscored. Chosen by
 * measurement: docs/performance.md, "Search ranks a bounded candidate set".
 */
export const DESCRIPTION_CANDIDATES = 100;

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

/** How many words of a description a result shows around its first match (as FTS5 snippet() did). */
export const SNIPPET_TOKENS = 24;
const ELLIPSIS = '…';
const TOKEN = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** A word as the index compares it (unicode61, remove_diacritics 2): without diacritics, lower case. */
const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Which words of a text the query matched: any of its words whole; in the title (`prefix`) the last
 * one also as the start of a word — the MATCH expression's own rules (toMatchExpression).
 */
function matcher(terms: string[], prefix: boolean) {
  const whole = new Set(terms.map(fold));
  const last = terms.length > 0 ? fold(terms[terms.length - 1] as string) : '';
  return (word: string) => {
    const w = fold(word);
    return whole.has(w) || (prefix && last !== '' && w.startsWith(last));
  };
}

/** The text's words with where each starts and ends. */
const tokens = (text: string) =>
  [...text.matchAll(TOKEN)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));

/** Marks the parts of `text` from `from` to `to` (character offsets) whose words match. */
function mark(text: string, words: ReturnType<typeof tokens>, hit: (w: string) => boolean, from: number, to: number) {
  const out: Highlighted = [];
  let at = from;
  for (const t of words) {
    if (t.start < from || t.end > to || !hit(t.word)) continue;
    if (t.start > at) out.push({ text: text.slice(at, t.start), hit: false });
    out.push({ text: t.word, hit: true });
    at = t.end;
  }
  if (to > at) out.push({ text: text.slice(at, to), hit: false });
  return out;
}

/**
 * A result's title with the matched words marked. Computed from the page's rows rather than by FTS5's
 * highlight(), which needs a second full-text pass over every match (docs/performance.md, "Search").
 */
export function highlightTitle(title: string, terms: string[]): Highlighted {
  return mark(title, tokens(title), matcher(terms, true), 0, title.length);
}

/**
 * Up to SNIPPET_TOKENS words of a description around its first match (whole words only, as the MATCH
 * expression matches descriptions), with "…" where it is cut; its start when nothing in it matched.
 */
export function snippetOf(description: string, terms: string[]): Highlighted {
  const words = tokens(description);
  const hit = matcher(terms, false);
  if (words.length <= SNIPPET_TOKENS) return mark(description, words, hit, 0, description.length);
  const first = Math.max(
    0,
    words.findIndex((t) => hit(t.word)),
  );
  // The match a quarter of the way in, so the words before it give it context.
  const begin = Math.max(0, Math.min(first - Math.floor(SNIPPET_TOKENS / 4), words.length - SNIPPET_TOKENS));
  const end = begin + SNIPPET_TOKENS;
  const from = begin === 0 ? 0 : (words[begin]?.start ?? 0);
  const to = end >= words.length ? description.length : (words[end - 1]?.end ?? description.length);
  const parts = mark(description, words, hit, from, to);
  if (begin > 0) parts.unshift({ text: ELLIPSIS, hit: false });
  if (end < words.length) parts.push({ text: ELLIPSIS, hit: false });
  return parts;
}
