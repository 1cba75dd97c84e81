import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Every test file starts from the real migrations (the same files wrangler applies locally).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
