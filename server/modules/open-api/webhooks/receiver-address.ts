import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

// SSRF: in production a webhook may not point into our own network. The address is checked when
// an endpoint is saved and again before each delivery (a name may be re-pointed). Development
// and tests deliver to receivers on this machine, so there loopback and private ranges are allowed.

function privateV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

function privateV6(ip: string): boolean {
  const x = ip.toLowerCase();
  if (x === '::' || x === '::1') return true;
  if (x.startsWith('::ffff:')) return privateV4(x.slice(7));
  return x.startsWith('fc') || x.startsWith('fd') || x.startsWith('fe80');
}

export function isPrivateAddress(ip: string): boolean {
  return isIP(ip) === 4 ? privateV4(ip) : privateV6(ip);
}

/** Why this receiver URL may not be used, or null when it may. */
export async function receiverRefusal(url: string, production: boolean): Promise<string | null> {
  if (!production) return null;
  const u = new URL(url);
  if (u.protocol !== 'https:') return 'Endpoint link must be an https address';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal'))
    return 'Endpoint link must be a public address';
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    if (addresses.some((a) => isPrivateAddress(a.address))) return 'Endpoint link must be a public address';
  } catch {
    return 'The endpoint link’s host name does not resolve';
  }
  return null;
}
