import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, resolveChromium } from '../lib/browser.mjs';

const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * Lighthouse (npm) in the Chromium the browser tests use (scripts/lib/browser.mjs: Debian's, else npm's):
 * default config (mobile form factor, simulated throttling), performance category only, one cold signed-out run per path. Chrome is closed afterwards.
 * @returns {Promise<Array<{ path: string, score: number | null, cls: number, lcp: number, tbt: number, fcp: number }>>}
 *   score 0–100 (null when Lighthouse could not score the page), CLS unitless, times in ms.
 */
export async function lighthouseFigures(baseUrl, paths, { runs = 1, keep } = {}) {
  const browser = await resolveChromium();
  const chrome = await chromeLauncher.launch({
    chromePath: browser.path,
    chromeFlags: FLAGS,
    envVars: { ...process.env, ...browser.env, LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
  });
  const figures = [];
  try {
    for (const path of paths) {
      for (let run = 1; run <= runs; run++) {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`lighthouse produced no result for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.message}`);
        keep?.(path, run, lhr);
        const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const score = lhr.categories.performance?.score;
        // The longest main-thread tasks Lighthouse saw (ms, before its 4× CPU simulation), and whose.
        const longTasks = (lhr.audits['long-tasks']?.details?.items ?? [])
          .slice(0, 2)
          .map((t) => `${Math.round(t.duration)} ${String(t.url).replace(baseUrl, '').slice(0, 40)}`);
        figures.push({
          path,
          run,
          score: score == null ? null : Math.round(score * 100),
          cls: metric('cumulative-layout-shift'),
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          fcp: metric('first-contentful-paint'),
          longTasks,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  return figures;
}
