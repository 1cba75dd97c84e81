/**
 * A film's details from a fetched page (docs/film-import.md, "What is read"): schema.org `Movie`, then
 * `VideoObject` (JSON-LD, then microdata), then oEmbed, then OpenGraph, then the page's own <title>.
 * Each field comes from the most specific source that has it, and says which. Pure and forgiving:
 * broken markup or JSON yields fewer fields, never an error. No DOM here (the Worker has none).
 */

export type Source =
  | 'schema.org Movie (JSON-LD)'
  | 'schema.org Movie (microdata)'
  | 'schema.org VideoObject (JSON-LD)'
  | 'schema.org VideoObject (microdata)'
  | 'oEmbed'
  | 'OpenGraph'
  | 'page title';

export interface Sourced<T> {
  value: T;
  source: Source;
}

export interface FilmDetails {
  title?: Sourced<string>;
  description?: Sourced<string>;
  posterUrl?: Sourced<string>;
  runtimeSeconds?: Sourced<number>;
  year?: Sourced<number>;
  genre?: Sourced<string[]>;
  credits?: Sourced<string[]>;
}

export type DetailsPart = Partial<{ [K in keyof FilmDetails]: NonNullable<FilmDetails[K]>['value'] }>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const clean = (s: string | undefined | null, max = 5000) =>
  decodeEntities((s ?? '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** The attributes of one start tag's source text (`<meta property="…" content="…">`). */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1]?.toLowerCase();
    if (name && !(name in out)) out[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

function startTags(html: string, name: string) {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((m) => ({
    attrs: attributes(m[1] ?? ''),
    index: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
}

/** ISO 8601 durations (PT1H32M, P0DT2H) and plain minutes or seconds (og video:duration is seconds). */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number' && value > 0) return Math.round(value);
  if (typeof value !== 'string') return undefined;
  const iso = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/i.exec(value.trim());
  if (iso && value.trim().length > 2) {
    const [, d = '0', h = '0', m = '0', s = '0'] = iso;
    const total = Number(d) * 86400 + Number(h) * 3600 + Number(m) * 60 + Math.round(Number(s));
    return total > 0 ? total : undefined;
  }
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) || undefined : undefined;
}

function yearOf(value: unknown): number | undefined {
  const m =
    typeof value === 'string' || typeof value === 'number' ? /\b(1[89]\d\d|2\d\d\d)\b/.exec(String(value)) : null;
  return m ? Number(m[1]) : undefined;
}

function absolute(href: string | undefined, base: string): string | undefined {
  if (!href) return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);
const text = (v: unknown): string | undefined => {
  const first = list(v)[0];
  if (typeof first === 'string') return clean(first) || undefined;
  if (first && typeof first === 'object' && 'name' in first) return text((first as { name: unknown }).name);
  return undefined;
};
const imageOf = (v: unknown): string | undefined => {
  const first = list(v)[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object') {
    const o = first as Record<string, unknown>;
    return typeof o.url === 'string' ? o.url : typeof o.contentUrl === 'string' ? o.contentUrl : undefined;
  }
  return undefined;
};
const names = (v: unknown): string[] =>
  list(v)
    .map((p) =>
      typeof p === 'string' ? clean(p) : p && typeof p === 'object' ? text((p as { name?: unknown }).name) : undefined,
    )
    .filter((n): n is string => !!n);

function creditsOf(o: Record<string, unknown>): string[] {
  const out: string[] = [];
  const add = (label: string, v: unknown) => {
    const who = names(v);
    if (who.length > 0) out.push(`${label}: ${who.join(', ')}`);
  };
  add('Director', o.director);
  add('Writer', o.author ?? o.writer);
  add('Cast', o.actor ?? o.actors);
  add('Producer', o.producer);
  add('Music', o.musicBy);
  return out;
}

/** A schema.org object's details (JSON-LD keys; microdata is turned into the same shape). */
function schemaDetails(o: Record<string, unknown>, base: string): DetailsPart {
  return {
    title: text(o.name ?? o.headline),
    description: text(o.description) ?? text(o.abstract),
    posterUrl: absolute(imageOf(o.image) ?? imageOf(o.thumbnailUrl) ?? imageOf(o.thumbnail), base),
    runtimeSeconds: parseDuration(text(o.duration) ?? o.duration),
    year: yearOf(
      text(o.datePublished) ?? text(o.dateCreated) ?? text(o.uploadDate) ?? text(o.copyrightYear) ?? o.copyrightYear,
    ),
    genre: list(o.genre)
      .map((g) => (typeof g === 'string' ? clean(g, 60) : ''))
      .filter(Boolean),
    credits: creditsOf(o),
  };
}

const typesOf = (o: Record<string, unknown>) =>
  list(o['@type']).map((t) => String(t).replace(/^https?:\/\/schema\.org\//, ''));

/** Every object of a JSON-LD document, @graph and nesting included. */
function walk(node: unknown, out: Record<string, unknown>[] = [], depth = 0): Record<string, unknown>[] {
  if (depth > 8 || !node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const n of node) walk(n, out, depth + 1);
    return out;
  }
  const o = node as Record<string, unknown>;
  out.push(o);
  for (const [k, v] of Object.entries(o))
    if (k === '@graph' || k === 'mainEntity' || k === 'subjectOf' || k === 'video') walk(v, out, depth + 1);
  return out;
}

function jsonLd(html: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const m of html.matchAll(
    /<script\b[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi,
  )) {
    try {
      walk(JSON.parse(m[1] ?? ''), out);
    } catch {
      /* broken JSON-LD: skipped, the other sources remain */
    }
  }
  return out;
}

/**
 * Microdata items of a schema.org type, as JSON-LD-like objects. A nested itemscope (a director's
 * Person) takes the next `name` inside it.
 */
function microdata(html: string, type: string): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const tags = [...html.matchAll(/<([a-z][a-z0-9]*)\b([^>]*)>/gi)].map((m) => ({
    name: (m[1] ?? '').toLowerCase(),
    attrs: attributes(m[2] ?? ''),
    index: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
  tags.forEach((tag, i) => {
    if (!('itemscope' in tag.attrs) || 'itemprop' in tag.attrs) return;
    const itemType = (tag.attrs.itemtype ?? '').replace(/^https?:\/\/schema\.org\//, '');
    if (itemType !== type) return;
    const item: Record<string, unknown> = {};
    let nested: { prop: string; name?: string } | null = null;
    for (const t of tags.slice(i + 1)) {
      if ('itemscope' in t.attrs && !('itemprop' in t.attrs)) break; // the next top-level item
      const prop = t.attrs.itemprop;
      if (!prop) continue;
      const value =
        t.attrs.content ??
        t.attrs.datetime ??
        t.attrs.src ??
        t.attrs.href ??
        clean(html.slice(t.end, html.indexOf('<', t.end) === -1 ? undefined : html.indexOf('<', t.end)));
      if ('itemscope' in t.attrs) {
        nested = { prop };
        continue;
      }
      if (nested && prop === 'name') {
        item[nested.prop] = [...list(item[nested.prop]), { name: value }];
        nested = null;
        continue;
      }
      if (!(prop in item) || prop === 'genre' || prop === 'actor')
        item[prop] = prop in item ? [...list(item[prop]), value] : value;
    }
    items.push(item);
  });
  return items;
}

export interface PageDetails {
  /** Fields by source, most specific first. */
  parts: [Source, DetailsPart][];
  /** The oEmbed endpoint the page announces (`<link rel="alternate" type="application/json+oembed">`). */
  oembedUrl?: string;
  /** The page's visible text, for the synopsis (scripts and styles removed). */
  text: string;
}

/** Everything the page itself says; oEmbed's answer is added with `oembedPart`, then `merge` picks. */
export function readPage(html: string, base: string): PageDetails {
  const parts: [Source, DetailsPart][] = [];
  const ld = jsonLd(html);
  for (const [type, source] of [
    ['Movie', 'schema.org Movie'],
    ['VideoObject', 'schema.org VideoObject'],
  ] as const) {
    const fromLd = ld.find((o) => typesOf(o).includes(type));
    if (fromLd) parts.push([`${source} (JSON-LD)`, schemaDetails(fromLd, base)]);
    const fromMicrodata = microdata(html, type)[0];
    if (fromMicrodata) parts.push([`${source} (microdata)`, schemaDetails(fromMicrodata, base)]);
  }
  const og: Record<string, string> = {};
  for (const { attrs } of startTags(html, 'meta')) {
    const key = (attrs.property ?? attrs.name ?? '').toLowerCase();
    if (key && attrs.content !== undefined && !(key in og)) og[key] = attrs.content;
  }
  parts.push([
    'OpenGraph',
    {
      title: clean(og['og:title']) || undefined,
      description: clean(og['og:description']) || undefined,
      posterUrl: absolute(og['og:image'] ?? og['og:image:url'] ?? og['og:image:secure_url'], base),
      runtimeSeconds: parseDuration(og['video:duration'] ?? og['og:video:duration']),
      year: yearOf(og['video:release_date'] ?? og['og:video:release_date']),
    },
  ]);
  const title = /<title\b[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1];
  parts.push([
    'page title',
    { title: clean(title, 120) || undefined, description: clean(og.description) || undefined },
  ]);
  const oembed = startTags(html, 'link').find(
    ({ attrs }) =>
      /\balternate\b/i.test(attrs.rel ?? '') && (attrs.type ?? '').toLowerCase() === 'application/json+oembed',
  );
  const body = html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<head\b[\s\S]*?<\/head>/i, ' ');
  return { parts, oembedUrl: absolute(oembed?.attrs.href, base), text: clean(body, 4000) };
}

/** oEmbed's JSON answer as details (it has a title, an author and a thumbnail; some add a description). */
export function oembedPart(json: unknown, base: string): DetailsPart {
  if (!json || typeof json !== 'object') return {};
  const o = json as Record<string, unknown>;
  return {
    title: typeof o.title === 'string' ? clean(o.title, 120) || undefined : undefined,
    description: typeof o.description === 'string' ? clean(o.description) || undefined : undefined,
    posterUrl: absolute(typeof o.thumbnail_url === 'string' ? o.thumbnail_url : undefined, base),
    runtimeSeconds: parseDuration(o.duration),
    credits: typeof o.author_name === 'string' && o.author_name ? [`By: ${clean(o.author_name, 120)}`] : undefined,
  };
}

/** Where oEmbed ranks: below schema.org, above OpenGraph. */
export function withOembed(parts: [Source, DetailsPart][], part: DetailsPart): [Source, DetailsPart][] {
  const at = parts.findIndex(([s]) => s === 'OpenGraph');
  const out = [...parts];
  out.splice(at === -1 ? out.length : at, 0, ['oEmbed', part]);
  return out;
}

/** Each field from the first (most specific) source that has it. */
export function merge(parts: [Source, DetailsPart][]): FilmDetails {
  const out: FilmDetails = {};
  const keys = ['title', 'description', 'posterUrl', 'runtimeSeconds', 'year', 'genre', 'credits'] as const;
  for (const key of keys) {
    for (const [source, part] of parts) {
      const value = part[key];
      if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      (out as Record<string, Sourced<unknown>>)[key] = { value, source };
      break;
    }
  }
  return out;
}
