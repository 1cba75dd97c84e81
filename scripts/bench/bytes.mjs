import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const gzip = (buf) => gzipSync(buf, { level: 9 }).length;
const brotli = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/**
 * Every JavaScript URL a page loads before and at hydration: scripts, preloads, islands and their static
 * imports. An island hydrated `client:intent` loads on the person's first intent (src/scripts/client-intent.ts;
 * tests/e2e/islands-early.test.ts checks that a browser fetches none of it before): its URLs are apart.
 */
function scriptUrls(html, base) {
  const urls = new Set();
  const onIntent = new Set();
  const patterns = [
    /<script[^>]*\ssrc="([^"]+)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /import\s*\(?\s*["']([^"']+\.js)["']/g,
  ];
  for (const re of patterns) for (const m of html.matchAll(re)) urls.add(new URL(m[1], base).href);
  for (const [island] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const into = /\sclient="intent"/.test(island) ? onIntent : urls;
    for (const m of island.matchAll(/\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) {
      into.add(new URL(m[1], base).href);
    }
  }
  return { urls, onIntent };
}

function staticImports(js, base) {
  const urls = new Set();
  for (const m of js.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    urls.add(new URL(m[1], base).href);
  }
  return urls;
}

/** Compressed bytes of the JavaScript at `start` and everything it imports statically, skipping `seen` (which grows). */
async function scriptsWeight(baseUrl, start, seen) {
  const pending = [...start];
  let jsRaw = 0;
  let jsGzip = 0;
  let jsBrotli = 0;
  /** @type {{ file: string, gzip: number }[]} */
  const files = [];
  while (pending.length) {
    const url = pending.pop();
    if (seen.has(url) || !url.startsWith(baseUrl)) continue;
    seen.add(url);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    jsRaw += body.length;
    const zipped = gzip(body);
    jsGzip += zipped;
    files.push({ file: new URL(url).pathname.split('/').pop() ?? url, gzip: zipped });
    jsBrotli += brotli(body);
    pending.push(...staticImports(body.toString('utf8'), url));
  }
  return { jsFiles: files.length, jsRaw, jsGzip, jsBrotli, files: files.sort((a, b) => b.gzip - a.gzip) };
}

/**
 * Compressed HTML and JavaScript bytes of one page, as a browser on a cold cache would fetch them before
 * the person does anything; `intent` is what the page's `client:intent` islands add on the first intent.
 */
export async function pageWeight(baseUrl, path, headers = {}) {
  const res = await fetch(new URL(path, baseUrl), { headers });
  const html = Buffer.from(await res.arrayBuffer());
  const { urls, onIntent } = scriptUrls(html.toString('utf8'), res.url);
  const seen = new Set();
  const before = await scriptsWeight(baseUrl, urls, seen);
  const intent = await scriptsWeight(baseUrl, onIntent, seen);
  return {
    path,
    status: res.status,
    htmlRaw: html.length,
    htmlGzip: gzip(html),
    htmlBrotli: brotli(html),
    ...before,
    intent,
  };
}
