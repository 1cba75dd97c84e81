import type { AiBinding } from '../env';

/**
 * The film importer's synopsis writer (docs/film-import.md, "Synopsis"): one small interface. In
 * production with an AI binding it is Workers AI; elsewhere there is none (null) and the import works
 * the same without a synopsis; tests hand the verb a fake through `createDeps` overrides.
 */
export interface SynopsisWriter {
  /** Two sentences drafted from the page's text, or null when it has nothing to offer. */
  draft(pageText: string, title: string | null): Promise<string | null>;
}

export const SYNOPSIS_MODEL = '@cf/meta/llama-3.1-8b-instruct';
const MAX_INPUT_CHARS = 4000;
const MAX_SYNOPSIS_CHARS = 600;

/** Workers AI through its binding; any failure or odd answer is "no synopsis", never a failed import. */
export function workersAiSynopsis(ai: AiBinding): SynopsisWriter {
  return {
    async draft(pageText, title) {
      const text = pageText.slice(0, MAX_INPUT_CHARS).trim();
      if (!text) return null;
      const answer = (await ai.run(SYNOPSIS_MODEL, {
        messages: [
          {
            role: 'system',
            content:
              'You write film synopses for a catalogue. Answer with exactly two plain sentences about the film, no preamble, no quotes, no spoilers. Use only facts from the page text.',
          },
          { role: 'user', content: `${title ? `Film: ${title}\n` : ''}Page text:\n${text}` },
        ],
        max_tokens: 200,
      })) as { response?: unknown } | null;
      return tidySynopsis(answer?.response);
    },
  };
}

/** One paragraph, at most the length the form takes; anything else is no synopsis. */
export function tidySynopsis(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, MAX_SYNOPSIS_CHARS) : null;
}
