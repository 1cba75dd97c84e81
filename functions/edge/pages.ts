import type { Bindings } from '../env';

export type PageRenderer = (request: Request, env: Bindings, ctx: ExecutionContext) => Promise<Response>;

/**
 * Every non-API request passes here before Astro renders it (or serves a prerendered file), so the
 * server's rules apply to static pages too.
 */
export async function handlePage(
  request: Request,
  env: Bindings,
  ctx: ExecutionContext,
  render: PageRenderer,
): Promise<Response> {
  return render(request, env, ctx);
}
