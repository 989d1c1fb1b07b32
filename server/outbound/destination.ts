import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressClass, classAllowed } from './address-class';

// A destination a seller gave (a webhook receiver, a store's site), checked before any call:
// http or https, no credentials in it, and every address its host resolves to on the public
// internet. The call then connects to the very address that was checked (pinned-fetch.ts), so
// a name cannot be re-pointed between the check and the connection (DNS rebinding).

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** The system resolver, every address of the name. */
export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

export interface Destination {
  url: URL;
  /** the checked address to connect to */
  address: string;
  family: 4 | 6;
}

/** A destination that may not be called; its message names the field by its label. */
export class DestinationRefused extends Error {}

export interface DestinationRules {
  resolve: Resolver;
  /** OUTBOUND_ALLOW_LOOPBACK=1: a development machine's own receivers on 127.0.0.1 and ::1 */
  allowLoopback: boolean;
}

/** The URL and the address to call, or DestinationRefused saying why not (as `label` …). */
export async function checkDestination(raw: string, label: string, rules: DestinationRules): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused(`${label} must be an http or https address`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new DestinationRefused(`${label} must be an http or https address`);
  if (url.username || url.password) throw new DestinationRefused(`${label} must not carry a user name or password`);
  // the URL parser has already read 2130706433, 0x7f.1 and 017700000001 as 127.0.0.1
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await rules.resolve(host);
    } catch {
      addresses = [];
    }
    if (!addresses.length) throw new DestinationRefused(`${label} has a host name that does not resolve`);
  }
  // every address the name has must be public: a name with one private address is refused whole
  if (!addresses.every((a) => classAllowed(addressClass(a.address), rules))) {
    throw new DestinationRefused(`${label} must be a public internet address`);
  }
  const [first] = addresses;
  return { url, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
