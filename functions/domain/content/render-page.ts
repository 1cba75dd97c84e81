import { renderMarkdown } from './markdown';
import { CONTENT_PAGES, type ContentSlug, type RenderedPage, splitPage } from './pages';

/**
 * A content page as the public page and the editor's preview show it: one renderer for both.
 * `imageHosts`: the other sites an admin allowed images from (docs/content.md, "Images").
 */
export function renderContentPage(slug: ContentSlug, markdown: string, imageHosts: readonly string[]): RenderedPage {
  const info = CONTENT_PAGES[slug];
  const { title, lead, body } = splitPage(markdown);
  return {
    title: title ?? info.title,
    // The lead is plain text (the frame escapes it): docs/content.md.
    lead,
    html: renderMarkdown(body, { faq: info.faq, imageHosts }),
  };
}
