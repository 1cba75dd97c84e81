// Writes the data part of migrations/0024_content_pages.sql: version 1 of each content page, the
// text the site had before the editor (scripts/content-v1/*.md). Run once when the migration was
// written; kept so the seed text and the migration can be compared (tests/unit/content-pages.test.ts).
import { readFileSync } from 'node:fs';

const SLUGS = ['faq', 'coins-faq', 'contact', 'privacy', 'terms', 'join-us'];
const q = (s) => `'${s.replace(/'/g, "''")}'`;
for (const slug of SLUGS) {
  const md = readFileSync(new URL(`./content-v1/${slug}.md`, import.meta.url), 'utf8');
  console.log('--> statement-breakpoint');
  console.log(`INSERT INTO \`content_pages\` (\`slug\`, \`current_version\`, \`revision\`) VALUES (${q(slug)}, 1, 0);`);
  console.log('--> statement-breakpoint');
  console.log(
    `INSERT INTO \`content_versions\` (\`slug\`, \`version\`, \`markdown\`) VALUES (${q(slug)}, 1, ${q(md)});`,
  );
}
