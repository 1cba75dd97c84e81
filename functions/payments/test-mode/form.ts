/**
 * Decodes a body the way Stripe's API reads it: `application/x-www-form-urlencoded` with bracketed
 * keys (`metadata[campaignId]=…`, `line_items[0][price_data][currency]=usd`), numeric segments
 * being array positions. Values stay strings, as on the wire.
 */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = (key.match(/^[^[\]]+|\[[^\]]*\]/g) ?? []).map((s) => (s.startsWith('[') ? s.slice(1, -1) : s));
    if (path.length === 0) continue;
    let node: Record<string, unknown> | unknown[] = root;
    for (const [i, segment] of path.entries()) {
      const slot = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      const container = node as Record<string, unknown>;
      if (i === path.length - 1) {
        container[slot] = value;
      } else {
        const next = path[i + 1] as string;
        container[slot] ??= /^\d*$/.test(next) ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    }
  }
  return root;
}
