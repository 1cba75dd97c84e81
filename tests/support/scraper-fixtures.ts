import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The film importer's fixture server on loopback (docs/film-import.md, "Tests"): a sample page per
 * metadata format, broken markup, a huge body, a slow body and redirects to other addresses. The
 * importer may reach it only through the test-only setting SCRAPER_TEST_ALLOW=<its host:port>.
 */

// A 2×3 PNG: the poster pipeline reads its type and size from these bytes.
export const POSTER_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000002000000030802000000368849d60000001849444154789c63f8cfc0f01f0418fe3330fc67600000c6a10ffd8f1a4ef30000000049454e44ae426082',
  'hex',
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

function pages(
  base: string,
  otherPort: number,
): Record<string, () => { type: string; body: string | Buffer; status?: number; headers?: Record<string, string> }> {
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

export interface FixtureServer {
  /** http://127.0.0.1:<port> */
  base: string;
  /** Its host:port, the value of SCRAPER_TEST_ALLOW. */
  hostPort: string;
  /** Paths requested so far (a refused redirect's target is never among them). */
  requested: string[];
  close: () => Promise<void>;
}

/** Starts the fixture server on 127.0.0.1; `otherPort` is where /redirect-other-port points (nothing need listen). */
export async function startFixtureServer(otherPort = 9): Promise<FixtureServer> {
  const requested: string[] = [];
  let table: ReturnType<typeof pages> = {};
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requested.push(path);
    if (path === '/huge.html') {
      // 3 MB in 64 KB chunks with no Content-Length: only a streamed count can stop it.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'x'.repeat(64 * 1024 - 7)}</p>`;
      let sent = 0;
      const write = () => {
        while (sent < 48) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      res.on('error', () => {});
      return write();
    }
    if (path === '/slow.html') {
      // Headers and a first chunk, then nothing: the importer's deadline must end it.
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Slow');
      return;
    }
    const entry = table[path];
    if (!entry) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return void res.end('not found');
    }
    const { type, body, status = 200, headers = {} } = entry();
    res.writeHead(status, { 'content-type': type, ...headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  table = pages(base, otherPort);
  return {
    base,
    hostPort: `127.0.0.1:${port}`,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
