import { isIP } from 'node:net';

// What kind of address an IP is, for outbound calls to destinations a seller gives (webhook
// receivers, store sites). Only 'public' is reachable on the public internet; everything else
// points into this server's own network, the cloud's metadata service, or nowhere. The ranges
// follow the IANA special-purpose registries (RFC 6890 and its updates).

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'broadcast'
  | 'unspecified'
  | 'benchmark'
  | 'documentation';

const v4Bytes = (ip: string) => ip.split('.').map(Number);

function v4Class(ip: string): AddressClass {
  const [a, b, c] = v4Bytes(ip);
  if (ip === '255.255.255.255') return 'broadcast';
  if (ip === '0.0.0.0') return 'unspecified';
  if (a === 0) return 'reserved'; // "this network"
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local'; // the cloud metadata service lives here
  if (a === 100 && b >= 64 && b <= 127) return 'shared'; // carrier-grade NAT
  if (a === 198 && (b === 18 || b === 19)) return 'benchmark';
  if ((a === 192 && b === 0 && c === 2) || (a === 198 && b === 51 && c === 100) || (a === 203 && b === 0 && c === 113))
    return 'documentation';
  if (a === 192 && b === 0 && c === 0) return 'reserved'; // IETF protocol assignments
  if (a === 192 && b === 88 && c === 99) return 'reserved'; // the retired 6to4 relay anycast
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = v4Bytes(dotted[1]);
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = part(head);
  if (tail === null) return left;
  const right = part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function v6Class(ip: string): AddressClass {
  const g = v6Groups(ip);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d and NAT64 64:ff9b::a.b.c.d reach the IPv4 address inside
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Class(v4Of(g[6], g[7]));
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Class(v4Of(g[6], g[7]));
  // 6to4 2002:aabb:ccdd::/48 carries a.b.c.d in its second and third groups
  if (g[0] === 0x2002) return v4Class(v4Of(g[1], g[2]));
  if (g[0] >= 0xfc00 && g[0] <= 0xfdff) return 'private'; // unique local fc00::/7
  if (g[0] >= 0xfe80 && g[0] <= 0xfebf) return 'link-local';
  if (g[0] >= 0xfec0 && g[0] <= 0xfeff) return 'private'; // the retired site-local fec0::/10
  if (g[0] >= 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentation';
  if (g[0] === 0x3fff && g[1] <= 0x0fff) return 'documentation'; // 3fff::/20
  if (g[0] === 0x2001 && g[1] === 0x0002 && g[2] === 0) return 'benchmark';
  if (g[0] === 0x2001 && g[1] <= 0x01ff) return 'reserved'; // IETF protocol assignments, Teredo among them
  // only global unicast 2000::/3 is the public internet; the rest (::/8 compatible, 100::/64 discard, …)
  if (g[0] < 0x2000 || g[0] > 0x3fff) return 'reserved';
  return 'public';
}

/** The class of an IP address (v4 or v6, as node:net reads it); anything else is 'reserved'. */
export function addressClass(ip: string): AddressClass {
  const bare = ip.replace(/^\[|\]$/g, '');
  const version = isIP(bare);
  if (version === 4) return v4Class(bare);
  if (version === 6) return v6Class(bare);
  return 'reserved';
}

/**
 * Whether a call may go to an address of this class: only the public internet, and loopback
 * too when the server was started for development with OUTBOUND_ALLOW_LOOPBACK=1.
 */
export function classAllowed(cls: AddressClass, opts: { allowLoopback: boolean }): boolean {
  return cls === 'public' || (cls === 'loopback' && opts.allowLoopback);
}
