/**
 * The film importer's sample pages (docs/film-import.md, "Tests"), by path: served on loopback by
 * scraper-fixtures.ts (Node) and answered at the wire by `fixtureFetch` inside workerd.
 */
const hex = (s: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(s.match(/../g)?.map((b) => Number.parseInt(b, 16)) ?? []);

// A 2×3 PNG: the poster pipeline reads its type and size from these bytes.
export const POSTER_PNG = hex(
  '89504e470d0a1a0a0000000d4948445200000002000000030802000000368849d60000001849444154789c63f8cfc0f01f0418fe3330fc67600000c6a10ffd8f1a4ef30000000049454e44ae426082',
);

export const FIXTURE_FILM = {
  title: 'The Lighthouse Keepers',
  description: 'Two keepers wait out a winter storm on a rock in the North Sea.',
  year: 2024,
  runtimeSeconds: 5_520,
  genre: 'Drama',
  director: 'Ines Marlowe',
};

const page = (head: string, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Festival page</title>${head}</head><body>${body}</body></html>`;

export function fixturePages(
  base: string,
  otherPort: number,
): Record<
  string,
  () => { type: string; body: string | Uint8Array<ArrayBuffer>; status?: number; headers?: Record<string, string> }
> {
  const f = FIXTURE_FILM;
  const og = `<meta property="og:title" content="OG: ${f.title}"><meta property="og:description" content="OG description"><meta property="og:image" content="${base}/poster.png">`;
  const html = (s: string) => () => ({ type: 'text/html; charset=utf-8', body: s });
  return {
    '/opengraph.html': html(page(og, '<p>A page with OpenGraph only.</p>')),
    '/jsonld.html': html(
      page(
        `${og}<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'Organization', name: 'North Sea Festival' },
            {
              '@type': 'Movie',
              name: f.title,
              description: f.description,
              image: { '@type': 'ImageObject', url: `${base}/poster.png` },
              duration: 'PT1H32M',
              datePublished: `${f.year}-09-12`,
              genre: [f.genre, 'Thriller'],
              director: { '@type': 'Person', name: f.director },
              actor: [
                { '@type': 'Person', name: 'Tom Aske' },
                { '@type': 'Person', name: 'Rui Ponte' },
              ],
            },
          ],
        })}</script>`,
        `<h1>${f.title}</h1><p>${f.description} The storm lasts forty days.</p>`,
      ),
    ),
    '/microdata.html': html(
      page(
        og,
        `<div itemscope itemtype="https://schema.org/Movie">
          <h1 itemprop="name">${f.title}</h1>
          <p itemprop="description">${f.description}</p>
          <img itemprop="image" src="/poster.png" alt="">
          <meta itemprop="duration" content="PT1H32M">
          <span itemprop="genre">${f.genre}</span>
          <time itemprop="dateCreated" datetime="${f.year}-01-01">${f.year}</time>
          <div itemprop="director" itemscope itemtype="https://schema.org/Person"><span itemprop="name">${f.director}</span></div>
        </div>`,
      ),
    ),
    '/videoobject.html': html(
      page(
        `${og}<script type="application/ld+json">${JSON.stringify({
          '@context': 'https://schema.org',
          '@type': 'VideoObject',
          name: `Trailer: ${f.title}`,
          description: 'The trailer.',
          thumbnailUrl: [`${base}/poster.png`],
          duration: 'PT2M10S',
          uploadDate: '2023-05-01T10:00:00Z',
        })}</script>`,
      ),
    ),
    '/oembed.html': html(
      page(
        `<link rel="alternate" type="application/json+oembed" href="${base}/oembed.json?url=${encodeURIComponent(`${base}/oembed.html`)}" title="oEmbed">`,
      ),
    ),
    '/oembed.json': () => ({
      type: 'application/json',
      body: JSON.stringify({
        version: '1.0',
        type: 'video',
        title: `oEmbed: ${f.title}`,
        author_name: f.director,
        thumbnail_url: `${base}/poster.png`,
      }),
    }),
    '/oembed-private.html': html(
      page('<link rel="alternate" type="application/json+oembed" href="http://169.254.169.254/latest/meta-data/">'),
    ),
    '/broken.html': () => ({
      type: 'text/html',
      body: `<html><head><title>Broken <b>page<meta property="og:title" content="${f.title}"><script type="application/ld+json">{"@type": "Movie", "name": </script><meta property="og:image" content="not a url at all"><div itemscope itemtype="https://schema.org/Movie"><span itemprop="name"`,
    }),
    '/empty.html': html(page('', '<p>Nothing about any film.</p>')),
    '/poster.png': () => ({ type: 'image/png', body: POSTER_PNG }),
    '/not-an-image.html': html(
      page(`<meta property="og:title" content="${f.title}"><meta property="og:image" content="${base}/fake.png">`),
    ),
    '/fake.png': () => ({ type: 'image/png', body: 'this is not a picture' }),
    '/data.json': () => ({ type: 'application/json', body: '{}' }),
    '/missing.html': () => ({ type: 'text/html', body: 'gone', status: 404 }),
    '/redirect-once': () => ({ type: 'text/plain', body: '', status: 302, headers: { location: '/jsonld.html' } }),
    '/redirect-1': () => ({ type: 'text/plain', body: '', status: 301, headers: { location: '/redirect-2' } }),
    '/redirect-2': () => ({ type: 'text/plain', body: '', status: 302, headers: { location: '/redirect-3' } }),
    '/redirect-3': () => ({ type: 'text/plain', body: '', status: 307, headers: { location: '/redirect-4' } }),
    '/redirect-4': () => ({ type: 'text/plain', body: '', status: 308, headers: { location: '/jsonld.html' } }),
    // The same loopback host on another port, another loopback address, private and metadata addresses.
    '/redirect-other-port': () => ({
      type: 'text/plain',
      body: '',
      status: 302,
      headers: { location: `http://127.0.0.1:${otherPort}/jsonld.html` },
    }),
    '/redirect-other-loopback': () => ({
      type: 'text/plain',
      body: '',
      status: 302,
      headers: { location: `http://127.0.0.2:${new URL(base).port}/jsonld.html` },
    }),
    '/redirect-localhost': () => ({
      type: 'text/plain',
      body: '',
      status: 302,
      headers: { location: `http://localhost:${new URL(base).port}/jsonld.html` },
    }),
    '/redirect-private': () => ({
      type: 'text/plain',
      body: '',
      status: 302,
      headers: { location: 'http://10.0.0.1/' },
    }),
    '/redirect-metadata': () => ({
      type: 'text/plain',
      body: '',
      status: 302,
      headers: { location: 'http://0xa9fea9fe/latest/meta-data/' },
    }),
    '/redirect-ftp': () => ({
      type: 'text/plain',
      body: '',
      status: 302,
      headers: { location: 'ftp://files.example.com/film' },
    }),
  };
}

/** A fetch that answers from the sample pages for `base` (workerd tests: no socket at all). */
export function fixtureFetch(base = 'http://127.0.0.1:41234'): typeof fetch {
  const table = fixturePages(base, 9);
  return async (input) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const entry = url.origin === base ? table[url.pathname] : undefined;
    if (!entry) return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    const { type, body, status = 200, headers = {} } = entry();
    return new Response(status >= 300 && status < 400 ? null : body, {
      status,
      headers: { 'content-type': type, ...headers },
    });
  };
}
