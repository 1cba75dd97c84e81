import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes migrations/NNNN_name.sql from the schema. The same files are applied
// by `wrangler d1 migrations apply` (local D1), by drizzle's libSQL migrator (tests) and, against
// Turso, by `npm run db:migrate:turso` (DATABASE_URL and DATABASE_AUTH_TOKEN from the shell).
export default defineConfig({
  dialect: 'turso',
  schema: './functions/db/schema/index.ts',
  out: './migrations',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:.wrangler/drizzle-kit.db',
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
});
