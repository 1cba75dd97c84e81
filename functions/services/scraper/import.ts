import { type Actor, authorize } from '../../auth/authorize';
import { UnitOfWork } from '../../db/unit-of-work';
import { DomainError } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type FilmDetails, merge, oembedPart, readPage, withOembed } from '../../domain/scraper/extract';
import { importFilmPageInput } from '../../domain/scraper/input';
import { SCRAPER_TEXT } from '../../domain/scraper/texts';
import type { Deps } from '../../platform/deps';
import { storePoster } from '../uploads';
import { FetchRefused, type SafeFetchOptions, safeFetch } from './internal/safe-fetch';

export interface FilmImport {
  id: string;
  /** The page's address after redirects. */
  url: string;
  details: FilmDetails;
  /** The poster, copied into our storage as a completed upload the film form attaches. */
  poster: { uploadId: string; type: string; width: number | null; height: number | null; bytes: number } | null;
  /** Why the poster was not copied (a refused or unusable image); the import stands without it. */
  posterProblem: string | null;
  /** A drafted synopsis for the admin to accept or edit; null without an AI binding. */
  synopsis: string | null;
}

/**
 * An admin imports a film's details from its page (docs/film-import.md): the page, its oEmbed
 * endpoint and its poster are fetched under the safe-fetching rules, the details read from the most
 * specific source, the poster copied through the poster pipeline, a synopsis drafted when an AI is
 * bound. Nothing is saved as a film: the admin saves the prefilled form. Audited with the poster's row.
 */
export async function importFilmPage(
  deps: Pick<Deps, 'db' | 'media' | 'config' | 'clock' | 'followUps' | 'synopsis'>,
  actor: Actor,
  input: unknown,
  fetcher: Pick<SafeFetchOptions, 'fetch'> = {},
): Promise<FilmImport> {
  const admin = authorize(actor, 'film.import');
  const { url } = parseInput(importFilmPageInput, input);
  const options: SafeFetchOptions = { allow: deps.config.SCRAPER_TEST_ALLOW ?? null, ...fetcher };
  const refused = (err: unknown): never => {
    if (err instanceof FetchRefused)
      throw new DomainError('validation_failed', err.message, [{ path: 'url', message: err.message }]);
    throw err;
  };

  const page = await safeFetch(url, 'html', 'page', options).catch(refused);
  const html = new TextDecoder('utf-8', { fatal: false }).decode(page.body);
  const read = readPage(html, page.url);
  let parts = read.parts;
  if (read.oembedUrl) {
    // The oEmbed endpoint passes the same rules; a refused one is a refused import, like a redirect.
    const answer = await safeFetch(read.oembedUrl, 'json', 'oembed', options).catch(refused);
    let json: unknown = null;
    try {
      json = JSON.parse(new TextDecoder().decode(answer.body));
    } catch {
      /* not JSON: oEmbed adds nothing */
    }
    parts = withOembed(parts, oembedPart(json, answer.url));
  }
  const details = merge(parts);
  if (Object.keys(details).length === 0)
    throw new DomainError('validation_failed', SCRAPER_TEXT.nothingFound, [
      { path: 'url', message: SCRAPER_TEXT.nothingFound },
    ]);

  let posterProblem: string | null = null;
  let stored: Awaited<ReturnType<typeof storePoster>> | null = null;
  if (details.posterUrl) {
    try {
      const image = await safeFetch(details.posterUrl.value, 'image', 'poster', options);
      stored = await storePoster(
        deps,
        admin.userId,
        image.body,
        new URL(image.url).pathname.split('/').pop() || 'poster',
      );
    } catch (err) {
      if (!(err instanceof FetchRefused) && !(err instanceof DomainError)) throw err;
      posterProblem = err instanceof FetchRefused ? err.message : `${SCRAPER_TEXT.at.poster}: ${err.message}`;
    }
  }

  const synopsis = deps.synopsis
    ? await deps.synopsis.draft(read.text, details.title?.value ?? null).catch(() => null)
    : null;

  const id = crypto.randomUUID();
  const found = (Object.keys(details) as (keyof FilmDetails)[]).filter((k) => k !== 'posterUrl');
  const uow = new UnitOfWork(deps, admin).audit({
    verb: 'importFilmPage',
    resourceType: 'film-import',
    resourceId: id,
    summary:
      `Imported ${page.url}${details.title ? ` (“${details.title.value}”)` : ''}: ${found.join(', ') || 'no details'}; ${stored ? `poster saved as upload ${stored.id}` : 'no poster saved'}${synopsis ? '; synopsis drafted' : ''}`.slice(
        0,
        500,
      ),
  });
  if (stored) uow.add(stored.insert(deps.db));
  try {
    await uow.commit();
  } catch (err) {
    await stored?.discard();
    throw err;
  }
  return {
    id,
    url: page.url,
    details,
    poster: stored
      ? {
          uploadId: stored.id,
          type: stored.image.type,
          width: stored.image.width,
          height: stored.image.height,
          bytes: stored.size,
        }
      : null,
    posterProblem,
    synopsis,
  };
}
