import { z } from 'zod';
import { HOST_NAME } from './image-hosts';
import { safeHref } from './markdown';
import { CONTENT_SLUGS, MAX_CONTENT_CHARS } from './pages';

export const contentSlug = z.enum(CONTENT_SLUGS, { message: 'Unknown page' });
const markdown = z.string().max(MAX_CONTENT_CHARS, `A page must be at most ${MAX_CONTENT_CHARS} characters`);
/** The page's revision the editor started from (docs/content.md, "Two editors"). */
const revision = z.number().int().min(0);

/** POST /api/content/preview: the editor's text, rendered as the page would be. */
export const previewContentInput = z.object({ slug: contentSlug, markdown }).strict();

/** PUT /api/content/pages/{slug}/draft. */
export const saveDraftInput = z.object({ markdown, revision }).strict();

/** POST /api/content/pages/{slug}/publish. */
export const publishContentInput = z
  .object({ markdown: markdown.refine((v) => v.trim().length > 0, 'A page needs some text'), revision })
  .strict();

/** POST /api/content/pages/{slug}/restore: publishes an earlier version's text as a new version. */
export const restoreContentInput = z.object({ version: z.number().int().min(1), revision }).strict();

/** PUT /api/content/home: the pinned film (null: the usual rule) and the optional one-line banner. */
export const homePinInput = z
  .object({
    filmId: z.string().trim().min(1).max(64).nullable(),
    banner: z
      .object({
        text: z
          .string()
          .trim()
          .min(1, 'The banner needs some text')
          .max(140, 'A banner is one line: at most 140 characters'),
        href: z
          .string()
          .trim()
          .max(500)
          .refine(
            (v) => safeHref(v) && !v.startsWith('#'),
            'The link must be an http(s) address or a path on this site',
          ),
      })
      .strict()
      .nullable(),
  })
  .strict();

/** POST /api/content/image-hosts and …/image-hosts/remove: one host name (docs/content.md, "Images"). */
export const imageHostInput = z
  .object({
    host: z
      .string()
      .trim()
      .toLowerCase()
      .regex(HOST_NAME, 'A host name only, like images.example.com (no https://, path or port)'),
  })
  .strict();
export type ImageHostInput = z.input<typeof imageHostInput>;
