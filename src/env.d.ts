/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's deps, from the one factory (functions/platform/create-deps.ts). */
    deps: import('../functions/platform/deps').Deps;
    /** Set by the Cloudflare adapter: the request's execution context. */
    cfContext: ExecutionContext;
  }
}
