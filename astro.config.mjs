// @ts-check
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

/**
 * `client:intent`: an island that loads on the person's first intent toward it and keeps what was
 * pressed or typed before (src/scripts/client-intent.ts; docs/performance.md).
 * @type {import('astro').AstroIntegration}
 */
const intentIslands = {
  name: 'reelfund:client-intent',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'intent', entrypoint: './src/scripts/client-intent.ts' }),
  },
};

// One worker (functions/worker.ts, wrangler `main`) serves the API and these pages.
// Astro sessions are off: accounts live in better-auth, so no SESSION KV binding is needed.
export default defineConfig({
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react(), intentIslands],
  session: false,
  devToolbar: { enabled: false },
  // Astro writes a script/style CSP with hashes of its inline code into each page; the worker adds the rest.
  security: { checkOrigin: false, csp: true },
  build: { inlineStylesheets: 'never' },
  // The CSP header (functions/edge/security-headers.ts) allows no inline script: never inline small ones.
  vite: {
    build: { assetsInlineLimit: 0 },
    // The adapter's `process` shim is for the worker; browser code needs none, and every script
    // file would carry it.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              banner: '',
              // What the header, bell, toaster and session guard share is loaded by every page: one file
              // instead of a dozen small ones compresses better and is one request.
              codeSplitting: {
                groups: [
                  {
                    name: 'chrome',
                    test: /node_modules[\\/]nanostores[\\/]|src[\\/]stores[\\/](session|notifications|toast)\.ts$|src[\\/]lib[\\/](api-client|time|dom|wallet-memory)\.ts$|functions[\\/]domain[\\/](site[\\/](chrome-messages|coming-soon)|notifications[\\/]bell|users[\\/]roles)\.ts$/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
