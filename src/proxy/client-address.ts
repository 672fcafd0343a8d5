/**
 * Who a visitor is when the site uses no visitor tokens: the client's address. The Node adapter
 * records each request's socket address here; behind a trusted front, a header it sets
 * (`cf-connecting-ip`, `x-forwarded-for`) names the client instead. Requests with neither count
 * as one visitor, `anonymous`, so the limits still hold for everyone together.
 *
 * An IPv6 client is keyed by its network, not its address: one subscriber gets a whole /64 (and
 * often a /56 or a /48), so keyed by address it would be billions of visitors, each with fresh
 * limits. IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`) are their IPv4 address; anything that is
 * not an IP address counts as one visitor, `invalid`, rather than as many as its spellings.
 */

const socketAddresses = new WeakMap<Request, string>();

/** The IPv6 prefix length visitors are keyed by when none is configured. */
export const DEFAULT_IPV6_PREFIX = 64;

/** Records the socket address of `request` (the Node adapter does this). */
export function setSocketAddress(request: Request, address: string | undefined): void {
  if (address) socketAddresses.set(request, address);
}

/** The visitor key of `request`'s client: an IPv4 address, an IPv6 network (`2001:db8:0:1::/64`), `invalid` or `anonymous`. */
export function clientAddress(request: Request, header?: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string {
  let address: string | undefined;
  if (header) {
    // x-forwarded-for lists every hop; the last one was added by the trusted front itself.
    address = request.headers.get(header)?.split(',').pop()?.trim() || undefined;
  }
  address ??= socketAddresses.get(request);
  return address === undefined ? 'anonymous' : visitorNetwork(address, ipv6Prefix);
}

/** `address` as a visitor key: IPv4 as it is, IPv6 cut to its first `prefix` bits. */
export function visitorNetwork(address: string, prefix: number): string {
  const bare = address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''); // brackets, zone id
  if (isIPv4(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (!groups) return 'invalid';
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  const kept = groups.map((group, i) => {
    const bits = Math.min(16, Math.max(0, prefix - i * 16));
    return bits === 16 ? group : group & (0xffff << (16 - bits)) & 0xffff;
  });
  // The WHATWG URL serialiser writes the network in its canonical, compressed form.
  return `${new URL(`http://[${kept.map((g) => g.toString(16)).join(':')}]/`).hostname.slice(1, -1)}/${prefix}`;
}

function isIPv4(value: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(value) && value.split('.').every((part) => Number(part) <= 255);
}

/** The eight 16-bit groups of an IPv6 address, parsed by the URL parser (which knows every spelling), or undefined. */
function ipv6Groups(value: string): number[] | undefined {
  if (!value.includes(':')) return undefined;
  let canonical: string;
  try {
    canonical = new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  // The canonical form has hex groups only, with at most one `::`.
  const [head, tail] = canonical.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return groups.map((g) => parseInt(g, 16));
}
