/**
 * Which addresses the film importer may fetch (docs/film-import.md, "Safe fetching"). Pure: the first
 * address, every redirect, the oEmbed endpoint and the poster all pass through `classifyAddress`.
 * A Worker cannot resolve names, so a name is judged by its spelling and an IP literal by its range;
 * the WHATWG URL parser first turns every IPv4 notation (decimal, octal, hex, short forms) into
 * dotted quads and compresses IPv6, so one range check covers them all.
 */

export type Refusal = 'invalid' | 'scheme' | 'credentials' | 'port' | 'privateAddress' | 'localName';

export type AddressVerdict = { ok: true; url: URL } | { ok: false; refusal: Refusal };

/** Names that point inside a network, whatever they resolve to. */
const LOCAL_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'metadata',
  'instance-data',
]);
const LOCAL_SUFFIXES = [
  '.localhost',
  '.local',
  '.internal',
  '.localdomain',
  '.home.arpa',
  '.lan',
  '.intranet',
  '.corp',
];

/** IPv4 ranges that are not the public internet: [first octets as a 32-bit number, prefix length]. */
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (shared address space; 100.100.100.200 is a cloud metadata address)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (169.254.169.254 is the cloud metadata address)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

const V4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function v4Number(ip: string): number | null {
  const m = V4.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return (((parts[0] ?? 0) << 24) | ((parts[1] ?? 0) << 16) | ((parts[2] ?? 0) << 8) | (parts[3] ?? 0)) >>> 0;
}

function v4Blocked(n: number): boolean {
  return BLOCKED_V4.some(([base, bits]) => {
    const b = v4Number(base) ?? 0;
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (b & mask) >>> 0;
  });
}

/** The eight 16-bit groups of an IPv6 address (as the URL parser writes it, without brackets), or null. */
export function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4) becomes two groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1]) {
    const n = v4Number(quad[1]);
    if (n === null) return null;
    text = `${text.slice(0, -quad[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (s: string) =>
    s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? head.length !== 8 : fill < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? fill : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

function v6Blocked(g: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, x = 0, y = 0] = g;
  const embedded = ((x << 16) | y) >>> 0;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0) {
    // :: and ::1; ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible) are judged by their IPv4 address.
    if (f === 0xffff || f === 0) return f === 0 && embedded <= 1 ? true : v4Blocked(embedded);
  }
  if (a === 0x64 && b === 0xff9b) return v4Blocked(embedded); // NAT64 64:ff9b::/96
  if (a === 0x2002) return v4Blocked(((b << 16) | c) >>> 0); // 6to4 carries an IPv4 address
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7 (fd00:ec2::254 is a metadata address)
  if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0xdb8) return true; // documentation
  return false;
}

/**
 * Is this address one the importer may fetch? `allowHostPort` is the tests' single exception
 * (`SCRAPER_TEST_ALLOW`, refused in production by functions/env.ts): exactly that host:port passes.
 */
export function classifyAddress(raw: string, allowHostPort?: string | null): AddressVerdict {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, refusal: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, refusal: 'scheme' };
  if (url.username || url.password) return { ok: false, refusal: 'credentials' };
  if (allowHostPort && url.port !== '' && url.host === allowHostPort) return { ok: true, url };
  // The parser drops a port that is the scheme's default, so any port left is a non-default one.
  if (url.port !== '') return { ok: false, refusal: 'port' };

  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    const groups = v6Groups(host.slice(1, -1));
    return !groups || v6Blocked(groups) ? { ok: false, refusal: 'privateAddress' } : { ok: true, url };
  }
  const v4 = v4Number(host);
  if (v4 !== null) return v4Blocked(v4) ? { ok: false, refusal: 'privateAddress' } : { ok: true, url };
  // A name: one label (no dot) is a local name too ("intranet", "router").
  if (host === '' || !host.includes('.') || LOCAL_NAMES.has(host) || LOCAL_SUFFIXES.some((s) => host.endsWith(s)))
    return { ok: false, refusal: 'localName' };
  return { ok: true, url };
}
