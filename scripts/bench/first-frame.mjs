import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, resolveChromium } from '../lib/browser.mjs';

/** The flags the browser tests use (tests/e2e/browser.ts); no autoplay flag: the press is the gesture. */
const FLAGS = ['--headless', ...CHROMIUM_FLAGS];

/**
 * Time from the press on a film page's play button to the first painted frame, in Chromium (the one the
 * browser tests use: scripts/lib/browser.mjs), signed in. Each run is a fresh browser context (cold HTTP
 * cache) that loads /movie/{id}, where the player's code is not loaded yet: the clock starts at the first
 * pointer event of the press (the pointer arriving over the button, which is also the first intent), so
 * it includes loading the player's code. The first frame is requestVideoFrameCallback's, or time advancing
 * where a headless page composites none.
 * @returns {Promise<{ runs: number[], median: number, loadedBeforePress: boolean[] }>}
 */
export async function firstFrame(baseUrl, { filmId, email, password, runs = 5 }) {
  const chrome = await resolveChromium();
  const browser = await chromium.launch({
    executablePath: chrome.path,
    env: { ...process.env, ...chrome.env, LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
    args: FLAGS,
  });
  const times = [];
  const loadedBeforePress = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ baseURL: baseUrl });
      const signIn = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
        data: { email, password },
        headers: { origin: baseUrl },
      });
      if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`);
      const page = await context.newPage();
      await page.goto(`/movie/${encodeURIComponent(filmId)}`, { waitUntil: 'load' });
      await page.waitForFunction(() => {
        const v = document.querySelector('[data-player-video]');
        return v && v.readyState >= 1;
      });
      loadedBeforePress.push(await page.evaluate(() => Boolean(customElements.get('media-controller'))));
      await page.evaluate(() => {
        const video = /** @type {HTMLVideoElement & { requestVideoFrameCallback?: (cb: () => void) => number }} */ (
          document.querySelector('[data-player-video]')
        );
        const w = /** @type {any} */ (window);
        let start;
        let from = 0;
        const done = () => {
          if (start !== undefined && w.__firstFrameMs === undefined) w.__firstFrameMs = performance.now() - start;
        };
        // The clock starts at the press's first event; the frame counted is the first presented after it
        // (a paused video may have presented its first frame already), or the position moving past where it was.
        const mark = () => {
          if (start !== undefined) return;
          start = performance.now();
          from = video.currentTime;
          video.requestVideoFrameCallback?.(done);
          video.addEventListener('timeupdate', () => {
            if (video.currentTime > from) done();
          });
        };
        for (const type of ['pointerover', 'pointerdown', 'touchstart', 'keydown'])
          addEventListener(type, mark, { capture: true });
      });
      await page.click('[data-player-start]');
      const handle = await page.waitForFunction(() => /** @type {any} */ (window).__firstFrameMs, undefined, {
        timeout: 15_000,
      });
      times.push(Number(await handle.jsonValue()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: times, median: sorted[Math.floor(sorted.length / 2)] ?? 0, loadedBeforePress };
}
