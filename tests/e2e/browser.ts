import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS } from '../../scripts/lib/browser.mjs';

/**
 * Chromium, headless, with the flags this closed network needs: Debian's where installed, else the one
 * npm installs (the global setup chose; scripts/lib/browser.mjs).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = inject('chromium');
  return chromium.launch({
    executablePath: browser.path,
    // One language whatever the machine's locale: under LANG=C.UTF-8 the npm Chromium reports navigator.language
    // "en-US@posix", which Intl refuses (uPlot formats the money chart's numbers with it).
    env: { ...process.env, ...browser.env, LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
    args: ['--headless', ...CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'],
  });
}

export const baseUrl = () => inject('baseUrl');

export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl(), ...options });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A blocked inline script or style is a bug too: the page's CSP must allow everything it ships.
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/** Saves a screenshot under test-results/ (for a person to look at; never asserted on). */
export async function screenshot(page: Page, name: string) {
  mkdirSync('test-results', { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}
