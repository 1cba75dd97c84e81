/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's services, from the one factory (functions/platform/services.ts). */
    services: import('../functions/platform/services').Services;
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
