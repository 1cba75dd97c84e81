/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's deps, from the one factory (functions/platform/create-deps.ts). */
    deps: import('../functions/platform/deps').Deps;
    /** Set by the Cloudflare adapter: the request's execution context. */
    cfContext: ExecutionContext;
  }
}

declare namespace Astro {
  interface ClientDirectives {
    /** Loads the island on the person's first intent toward it (src/scripts/client-intent.ts). */
    'client:intent'?: boolean;
  }
}
