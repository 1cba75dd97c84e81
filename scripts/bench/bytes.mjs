import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const gzip = (buf) => gzipSync(buf, { level: 9 }).length;
const brotli = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Every JavaScript URL a page loads before and at hydration: scripts, preloads, islands and their static imports. */
function scriptUrls(html, base) {
  const urls = new Set();
  const patterns = [
    /<script[^>]*\ssrc="([^"]+)"/g,
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g,
    /\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g,
    /import\s*\(?\s*["']([^"']+\.js)["']/g,
  ];
  for (const re of patterns) for (const m of html.matchAll(re)) urls.add(new URL(m[1], base).href);
  return urls;
}

function staticImports(js, base) {
  const urls = new Set();
  for (const m of js.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    urls.add(new URL(m[1], base).href);
  }
  return urls;
}

/** Compressed HTML and JavaScript bytes of one page, as a browser on a cold cache would fetch them. */
export async function pageWeight(baseUrl, path, headers = {}) {
  const res = await fetch(new URL(path, baseUrl), { headers });
  const html = Buffer.from(await res.arrayBuffer());
  const pending = [...scriptUrls(html.toString('utf8'), res.url)];
  const seen = new Set();
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
  return {
    path,
    status: res.status,
    htmlRaw: html.length,
    htmlGzip: gzip(html),
    htmlBrotli: brotli(html),
    jsFiles: seen.size,
    jsRaw,
    jsGzip,
    jsBrotli,
    files: files.sort((a, b) => b.gzip - a.gzip),
  };
}
