import { TEST_MODE_BANNER_HTML } from '../payments/mode';

/**
 * Prerendered pages are built once for every environment, so they carry an empty slot for the
 * TEST MODE banner; while test mode is on the worker fills it on the way out.
 */
export function withTestModeBanner(response: Response): Response {
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  return new HTMLRewriter()
    .on('[data-test-mode-slot]', {
      element(el) {
        el.replace(TEST_MODE_BANNER_HTML, { html: true });
      },
    })
    .transform(response);
}
