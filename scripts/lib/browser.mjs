// Which Chromium the browser tests drive (docs/testing.md, "The browser"): Debian's at /usr/bin/chromium
// (or CHROMIUM_PATH) where it exists, else the one `npm install` brings inside @sparticuz/chromium's tarball,
// unpacked once into node_modules/.cache. Nothing is downloaded at test time.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

const DEBIAN = '/usr/bin/chromium';

/**
 * The flags every headless Chromium of ours runs with (the browser tests, the bench's first frame and
 * Lighthouse): nothing that would reach out from this closed network (updates, sync, QUIC), no GPU.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * @returns {Promise<{ path: string, source: 'system' | 'npm', env: Record<string, string> }>}
 * `env`: what the browser process needs on top of the test's environment (the npm browser's fonts).
 */
export async function resolveChromium() {
  const wanted = process.env.CHROMIUM_PATH ?? DEBIAN;
  if (process.env.REELFUND_BROWSER !== 'npm' && existsSync(wanted)) return { path: wanted, source: 'system', env: {} };
  return { ...(await npmChromium()), source: 'npm' };
}

/** The npm package's Chromium and its fonts, unpacked once per package version (a second run reuses them). */
async function npmChromium() {
  // The package exports only its entry (build/index.js): its folder is two levels up.
  const pkgDir = resolve(createRequire(import.meta.url).resolve('@sparticuz/chromium'), '../..');
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const root = resolve('node_modules/.cache/reelfund-chromium', version);
  const binary = join(root, 'chromium');
  const fontsConf = join(root, 'fonts.conf');
  if (!existsSync(fontsConf)) {
    // Unpacked into a folder of its own, then renamed: a concurrent run never sees half a binary.
    const work = `${root}.${process.pid}`;
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const { inflate } = await import('@sparticuz/chromium');
    const bin = join(pkgDir, 'bin');
    // The package unpacks into os.tmpdir(): point it at our folder for the call.
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = work;
    try {
      await inflate(join(bin, 'chromium.br'));
      await inflate(join(bin, 'swiftshader.tar.br'));
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    }
    writeFileSync(join(work, 'fonts.conf'), fontConfig(root));
    mkdirSync(dirname(root), { recursive: true });
    try {
      renameSync(work, root);
    } catch (err) {
      // Another run finished first: use its copy.
      rmSync(work, { recursive: true, force: true });
      if (!existsSync(fontsConf)) throw err;
    }
  }
  return { path: binary, env: { FONTCONFIG_FILE: fontsConf } };
}

/**
 * Only the fonts from npm (dejavu-fonts-ttf, the DejaVu 2.37 that Debian's base image has), whatever the
 * machine has installed: the families the product's CSS names (src/styles/global.css) resolve to the same
 * faces on a laptop, a plain CI runner and here. Debian's Chromium on the base image draws the sans text in
 * this same DejaVu Sans (docs/testing.md, "The browser").
 */
function fontConfig(root) {
  const dejavu = resolve(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json'), '../ttf');
  const alias = (family, to) =>
    `  <alias binding="same"><family>${family}</family><prefer><family>${to}</family></prefer></alias>`;
  const sans = ['sans-serif', 'system-ui', 'Arial', 'Helvetica', 'Helvetica Neue', 'Roboto', 'Segoe UI'];
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${dejavu}</dir>
  <cachedir>${join(root, 'fonts-cache')}</cachedir>
  <selectfont><rejectfont><glob>*/DejaVuMathTeXGyre.ttf</glob></rejectfont></selectfont>
  <match target="pattern"><edit name="family" mode="append_last"><string>DejaVu Sans</string></edit></match>
${sans.map((f) => alias(f, 'DejaVu Sans')).join('\n')}
${['serif'].map((f) => alias(f, 'DejaVu Serif')).join('\n')}
${['monospace', 'ui-monospace', 'Menlo', 'Consolas'].map((f) => alias(f, 'DejaVu Sans Mono')).join('\n')}
</fontconfig>
`;
}
