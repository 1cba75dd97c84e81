import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_TEXT } from '../../functions/domain/content/texts';
import { fillText } from '../../functions/domain/fill-text';
import { TEXT } from '../../functions/domain/texts';
import { XSS_VECTORS } from '../support/xss-vectors';
import { apiJson, open, signIn } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/* Issue 46: the content editor — preview, publish, versions, restore, two editors at once, safe output. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function asEditor(width = 1366) {
  const s = await newPage(browser, { viewport: { width, height: 900 } });
  await signIn(s.context, 'editor@reelfund.local');
  // Any alert() a vector managed to run would open a dialog: fail the test then.
  s.page.on('dialog', (d) => {
    s.errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return s;
}

const source = (page: Page) => page.locator('[data-markdown]');

/** Restores version 1 of a page through the API, so other tests see today's text again. */
async function restoreOriginal(slug: string) {
  const { context } = await asEditor();
  const page = await apiJson<{ revision: number; currentVersion: number }>(
    context,
    'GET',
    `/api/content/pages/${slug}`,
  );
  await apiJson(context, 'POST', `/api/content/pages/${slug}/restore`, { version: 1, revision: page.revision });
  await context.close();
}

describe('the content editor', { timeout: 120_000 }, () => {
  it('an editor changes a question on /faq, previews, publishes; a visitor sees it with the accordion working; restoring brings the old text back', async () => {
    const { context, page, errors } = await asEditor();
    await open(page, '/admin/content-editor?page=faq');
    const question = `What can I watch here, exactly? ${crypto.randomUUID().slice(0, 6)}`;
    const text = (await source(page).inputValue()).replace('### ? What can I watch on Reelfund?', `### ? ${question}`);
    await source(page).fill(text);
    // The live preview is the server's rendering: the new question shows as an accordion there.
    await expect
      .poll(() => page.locator('[data-preview] details.faq-item summary').first().textContent())
      .toBe(question);
    await screenshot(page, 'content-editor-1366');
    await page.locator('[data-publish]').click();
    await expect.poll(() => page.locator('[data-versions] li').count(), { timeout: 15_000 }).toBeGreaterThan(1);

    const visitor = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await visitor.page.goto('/faq');
    const item = visitor.page.locator('details.faq-item', { hasText: question });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await item.locator('summary').click();
    await expect.poll(() => item.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await item.locator('.answer').isVisible()).toBe(true);
    expect(await visitor.page.locator('details.faq-item').count()).toBe(14);
    expect(await visitor.page.locator('.content-body > .callout a.btn[href="/contact"]').count()).toBe(1);
    await screenshot(visitor.page, 'content-faq-375');

    // Version 1 beside the current one, then restored as a new version.
    await open(page, '/admin/content-editor?page=faq');
    await page.locator('[data-view="1"]').click();
    await expect
      .poll(() => page.locator('[data-compare-left]').textContent())
      .toContain('What can I watch on Reelfund?');
    await page.locator('[data-restore="1"]').click();
    await expect
      .poll(() => page.locator('[data-versions] li').first().textContent(), { timeout: 15_000 })
      .toContain('restored v1');
    await visitor.page.goto('/faq');
    await expect
      .poll(() => visitor.page.locator('summary', { hasText: 'What can I watch on Reelfund?' }).count())
      .toBe(1);
    expect(await visitor.page.locator('summary', { hasText: question }).count()).toBe(0);
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });

  it('two editors save the same page: the second is told and sees both texts, nothing lost', async () => {
    const a = await asEditor();
    const b = await asEditor(375);
    await open(a.page, '/admin/content-editor?page=privacy');
    await open(b.page, '/admin/content-editor?page=privacy');
    const mine = `${await source(a.page).inputValue()}\n\nAdded by A.`;
    const theirs = `${await source(b.page).inputValue()}\n\nAdded by B.`;
    await source(a.page).fill(mine);
    await a.page.locator('[data-save-draft]').click();
    await expect.poll(() => a.page.locator('[data-status]').textContent()).toBe(CONTENT_TEXT.contentEditorDraftSaved);
    await source(b.page).fill(theirs);
    await b.page.locator('[data-save-draft]').click();
    await expect.poll(() => b.page.locator('[data-conflict]').isVisible()).toBe(true);
    expect(await b.page.locator('[data-conflict-message]').textContent()).toBe(CONTENT_TEXT.contentChanged);
    expect(await b.page.locator('[data-theirs]').inputValue()).toBe(mine);
    expect(await b.page.locator('[data-yours]').inputValue()).toBe(theirs);
    expect(await source(b.page).inputValue()).toBe(theirs);
    await screenshot(b.page, 'content-editor-conflict-375');
    // Having seen A's text, B saves again: now from the latest revision.
    await b.page.locator('[data-save-draft]').click();
    await expect.poll(() => b.page.locator('[data-status]').textContent()).toBe(CONTENT_TEXT.contentEditorDraftSaved);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it(`renders ${XSS_VECTORS.length} XSS vectors inert in the preview and on the published page`, async () => {
    const { context, page, errors } = await asEditor();
    await open(page, '/admin/content-editor?page=terms');
    const body = XSS_VECTORS.map((v, i) => `## Vector ${i}\n\n${v}`).join('\n\n');
    await source(page).fill(`# Terms\n\nVectors.\n\n${body}\n\n## End of vectors`);
    await expect.poll(() => page.locator('[data-preview] #end-of-vectors').count()).toBe(1);
    const inert = (p: Page, scope: string) =>
      p.locator(scope).evaluate((el) => ({
        active: el.querySelectorAll('script, iframe, object, embed, svg, math, style, form, input, body').length,
        handlers: [...el.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on')))
          .length,
        links: [...el.querySelectorAll('a[href], img[src]')]
          .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '')
          .filter((u) => !/^(https?:\/\/|mailto:|\/(?![/\\])|#)/.test(u)),
      }));
    expect(await inert(page, '[data-preview]')).toEqual({ active: 0, handlers: 0, links: [] });
    await page.locator('[data-publish]').click();
    await expect.poll(() => page.locator('[data-versions] li').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const visitor = await newPage(browser);
    visitor.page.on('dialog', (d) => {
      visitor.errors.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await visitor.page.goto('/terms');
    await expect.poll(() => visitor.page.locator('#end-of-vectors').count()).toBe(1);
    expect(await inert(visitor.page, '.content-body')).toEqual({ active: 0, handlers: 0, links: [] });
    // Click every link the vectors left: none runs anything.
    for (const link of await visitor.page.locator('.content-body a').all()) {
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^(https?:\/\/|mailto:|\/(?![/\\])|#)/);
    }
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
    await restoreOriginal('terms');
  });

  it('a viewer, a user or a contributor opening the editor is sent home', async () => {
    for (const email of ['viewer@reelfund.local', 'user@reelfund.local', 'creator@reelfund.local']) {
      const { context, page } = await newPage(browser);
      await signIn(context, email);
      await page.goto('/admin/content-editor');
      expect(new URL(page.url()).pathname).toBe('/');
      await context.close();
    }
  });

  it('an admin pins a featured film and a banner on the home page', async () => {
    const { context, page, errors } = await newPage(browser, { viewport: { width: 375, height: 900 } });
    await signIn(context, 'admin@reelfund.local');
    await open(page, '/admin/content-editor?page=faq');
    await screenshot(page, 'content-editor-admin-375');
    const options = page.locator('[data-pin-film] option');
    const last = (await options.count()) - 1;
    const title = (await options.nth(last).textContent()) ?? '';
    const value = (await options.nth(last).getAttribute('value')) ?? '';
    await page.locator('[data-pin-film]').selectOption(value);
    await page.locator('[data-pin-text]').fill('Festival week: new films every day');
    await page.locator('[data-pin-href]').fill('/new-and-popular');
    await page.locator('[data-pin-save]').click();
    await expect.poll(() => page.locator('[data-pin-status]').textContent()).toBe(CONTENT_TEXT.contentEditorPinSaved);
    await page.goto('/');
    await expect.poll(() => page.locator('#featured-title').textContent()).toBe(title);
    expect(await page.locator('[data-home-banner] a').getAttribute('href')).toBe('/new-and-popular');
    await screenshot(page, 'content-home-pin-375');
    // Back to the usual rule for the other tests.
    await apiJson(context, 'PUT', '/api/content/home', { filmId: null, banner: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an editor sent away from the admin dashboard reads why and is pointed to the content editor', async () => {
    for (const width of [375, 1366]) {
      const { context, page, errors } = await asEditor(width);
      await page.goto('/admin');
      await page.waitForURL(/\/\?denied=/);
      const denied = page.locator('[data-denied]');
      expect(await denied.textContent()).toContain(fillText(TEXT.adminsOnlyForEditor, { page: 'Admin dashboard' }));
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-coming-soon-loading'));
      await screenshot(page, `editor-denied-${width}`);
      await page.locator('[data-denied-editor]').click();
      await page.waitForURL(/\/admin\/content-editor/);
      expect(await source(page).count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
