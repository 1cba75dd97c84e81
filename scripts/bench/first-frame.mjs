import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Time from play() to the first painted frame (requestVideoFrameCallback) in Debian's Chromium, on
 * /video-test's diagnostics panel, for a signed-in viewer. Each run is a fresh browser context (cold
 * HTTP cache); the player has loaded metadata only, as on a film page.
 * @returns {Promise<{ runs: number[], median: number }>}
 */
export async function firstFrame(baseUrl, { filmId, email, password, runs = 5 }) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  });
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ baseURL: baseUrl });
      const signIn = await context.request.post(`${baseUrl}/api/auth/sign-in/email`, {
        data: { email, password },
        headers: { origin: baseUrl },
      });
      if (signIn.status() !== 200) throw new Error(`sign-in failed: ${signIn.status()}`);
      const page = await context.newPage();
      await page.goto(`/video-test?id=${encodeURIComponent(filmId)}`);
      await page.waitForFunction(() => {
        const v = document.querySelector('[data-player-video]');
        return v && v.readyState >= 1;
      });
      await page.click('[data-measure]');
      const handle = await page.waitForFunction(
        () => document.querySelector('[data-diagnostics]')?.getAttribute('data-ttff-ms'),
        undefined,
        { timeout: 15_000 },
      );
      times.push(Number(await handle.jsonValue()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { runs: times, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}
