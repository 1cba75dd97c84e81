/**
 * A film project's fixed lists and search words (docs/projects.md). Pure, shared by the API and the
 * pages.
 */
export const PROJECT_STAGES = ['development', 'pre-production', 'shooting', 'post-production', 'released'] as const;
export type ProjectStage = (typeof PROJECT_STAGES)[number];

export const STAGE_LABEL: Record<ProjectStage, string> = {
  development: 'Development',
  'pre-production': 'Pre-production',
  shooting: 'Shooting',
  'post-production': 'Post-production',
  released: 'Released',
};

export const PROJECT_PAGE_SIZE = 20;
export const MAX_PROJECT_QUERY = 200;
/** Roles needed on one project: each is a marketplace listing. */
export const MAX_PROJECT_ROLES = 10;
const MAX_TERMS = 8;

/**
 * The words of a search of titles and loglines, each a LIKE pattern (`%` and `_` in the input are
 * escaped with `\`): every word must appear in the title or the logline. Empty when nothing is left.
 */
export function projectSearchPatterns(raw: string | null | undefined): string[] {
  return (raw ?? '')
    .slice(0, MAX_PROJECT_QUERY)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS)
    .map((t) => `%${t.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
