/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The request's services, from the one factory (functions/platform/services.ts). */
    services: import('../functions/platform/services').Services;
    /** Set by the Cloudflare adapter: the request's execution context. */
    cfContext: ExecutionContext;
  }
}
