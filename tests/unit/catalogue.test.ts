import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { parseRange } from '../../functions/domain/media/range';
import { canSee, canWatch } from '../../functions/services/catalogue';
import {
  highlightTitle,
  normaliseQuery,
  parseHighlight,
  SNIPPET_TOKENS,
  snippetOf,
  toMatchExpression,
  toNamedExpression,
} from '../../functions/services/catalogue/internal/search-query';

const viewer = (userId: string, roles: Viewer['roles'] = ['viewer']): Viewer => ({
  userId,
  roles,
  email: `${userId}@example.test`,
  username: userId,
  avatarUrl: null,
  sessionExpiresAt: new Date().toISOString(),
});

describe('parseRange', () => {
  it('reads closed, open-ended and suffix ranges and clamps the end', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=900-', 1000)).toEqual({ kind: 'partial', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=-100', 1000)).toEqual({ kind: 'partial', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ kind: 'partial', range: { start: 0, end: 999 } });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ kind: 'partial', range: { start: 990, end: 999 } });
  });

  it('is unsatisfiable past the end or for an empty suffix; ignores what it cannot read', () => {
    expect(parseRange('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(null, 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-1,5-9', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('items=0-1', 1000)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=9-1', 1000)).toEqual({ kind: 'full' });
  });
});

describe('search text', () => {
  const lastAsPrefix = (t: string) => `({title category creators} : "${t}"* OR "${t}")`;
  it('trims and collapses the query; words are whole, the last may also start a name or title word', () => {
    expect(normaliseQuery('  the   last\tlight  ')).toBe('the last light');
    expect(toMatchExpression('last light')).toBe(`"last" AND ${lastAsPrefix('light')}`);
    expect(toMatchExpression("cartographer's")).toBe(`"cartographer" AND ${lastAsPrefix('s')}`);
    expect(toMatchExpression('owner_ab12')).toBe(`"owner" AND ${lastAsPrefix('ab12')}`);
  });

  it('the named match: every word in the title, category or creators, the last also as a prefix', () => {
    expect(toNamedExpression('last light')).toBe('{title category creators} : ("last" AND "light"*)');
    expect(toNamedExpression('" OR * NEAR(')).toBe('{title category creators} : ("OR" AND "NEAR"*)');
    expect(toNamedExpression('*** ---')).toBeNull();
  });

  it('leaves nothing of FTS5 syntax and nothing to search in punctuation alone', () => {
    expect(toMatchExpression('" OR * NEAR(')).toBe(`"OR" AND ${lastAsPrefix('NEAR')}`);
    expect(toMatchExpression('  ')).toBeNull();
    expect(toMatchExpression('*** ---')).toBeNull();
  });

  it('splits highlighted text into plain and matched parts', () => {
    expect(parseHighlight('The \u0001Last\u0002 \u0001Light\u0002house')).toEqual([
      { text: 'The ', hit: false },
      { text: 'Last', hit: true },
      { text: ' ', hit: false },
      { text: 'Light', hit: true },
      { text: 'house', hit: false },
    ]);
  });
});

describe('who may see and watch a film', () => {
  const owned = { reviewStatus: 'pending', contributorId: 'owner' };
  it('shows approved films to everyone and lets only signed-in viewers watch them', () => {
    const film = { reviewStatus: 'approved', contributorId: 'owner' };
    expect(canSee(film, null)).toBe(true);
    expect(canWatch(film, null)).toBe(false);
    expect(canWatch(film, viewer('someone'))).toBe(true);
  });

  it('shows other films to their owner and admins only', () => {
    expect(canSee(owned, null)).toBe(false);
    expect(canSee(owned, viewer('someone', ['contributor', 'editor']))).toBe(false);
    expect(canSee(owned, viewer('owner'))).toBe(true);
    expect(canSee(owned, viewer('boss', ['admin']))).toBe(true);
  });
});

describe('search results: the matched words marked', () => {
  it("marks a title's whole words, and words that start with the last one, folding case and accents", () => {
    expect(highlightTitle('The Lighthouse of Éte', ['ete', 'light'])).toEqual([
      { text: 'The ', hit: false },
      { text: 'Lighthouse', hit: true },
      { text: ' of ', hit: false },
      { text: 'Éte', hit: true },
    ]);
    expect(highlightTitle('Cold Harbor', ['nothing'])).toEqual([{ text: 'Cold Harbor', hit: false }]);
  });

  it('shows a short description whole, and 24 words of a long one around its first match, cut with …', () => {
    expect(snippetOf('A quiet harbor town.', ['harbor'])).toEqual([
      { text: 'A quiet ', hit: false },
      { text: 'harbor', hit: true },
      { text: ' town.', hit: false },
    ]);
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    words[40] = 'harbor';
    const parts = snippetOf(words.join(' '), ['harbor', 'harb']);
    expect(parts[0]).toEqual({ text: '…', hit: false });
    expect(parts.at(-1)).toEqual({ text: '…', hit: false });
    expect(parts).toContainEqual({ text: 'harbor', hit: true });
    const shown = parts
      .map((p) => p.text)
      .join('')
      .replaceAll('…', '');
    expect(shown.trim().split(/\s+/)).toHaveLength(SNIPPET_TOKENS);
    // A description matches whole words only: a prefix marks nothing there.
    expect(snippetOf('harboured ships', ['harb'])).toEqual([{ text: 'harboured ships', hit: false }]);
  });
});
