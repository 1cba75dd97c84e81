import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixturePages } from './scraper-pages';

export { FIXTURE_FILM, POSTER_PNG } from './scraper-pages';

/**
 * The film importer's fixture server on loopback (docs/film-import.md, "Tests"): a sample page per
 * metadata format, broken markup, a huge body, a slow body and redirects to other addresses. The
 * importer may reach it only through the test-only setting SCRAPER_TEST_ALLOW=<its host:port>.
 */

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
  let table: ReturnType<typeof fixturePages> = {};
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
  table = fixturePages(base, otherPort);
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
