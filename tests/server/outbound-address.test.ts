import { describe, expect, it } from 'vitest';
import { addressClass, classAllowed, type AddressClass } from '../../server/outbound/address-class';
import { checkDestination, DestinationRefused, type Resolver } from '../../server/outbound/destination';

// The rule of where the server may call a seller-given URL: the address classifier, and the
// check of a URL with an injected resolver, with and without the development loopback setting.

const TABLE: [string, AddressClass][] = [
  ['8.8.8.8', 'public'],
  ['93.184.216.34', 'public'],
  ['1.1.1.1', 'public'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'reserved'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['172.32.0.1', 'public'],
  ['172.15.255.255', 'public'],
  ['192.168.1.1', 'private'],
  ['127.0.0.1', 'loopback'],
  ['127.8.9.10', 'loopback'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'shared'],
  ['100.127.255.255', 'shared'],
  ['100.63.255.255', 'public'],
  ['100.128.0.0', 'public'],
  ['198.18.0.1', 'benchmark'],
  ['198.19.255.255', 'benchmark'],
  ['198.20.0.1', 'public'],
  ['192.0.2.10', 'documentation'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['192.0.0.8', 'reserved'],
  ['192.88.99.1', 'reserved'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::ffff:a00:1', 'private'],
  ['::ffff:8.8.8.8', 'public'],
  ['64:ff9b::10.0.0.1', 'private'],
  ['64:ff9b::a9fe:a9fe', 'link-local'],
  ['64:ff9b::8.8.8.8', 'public'],
  ['2002:7f00:1::', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  ['2002:808:808::1', 'public'],
  ['fc00::1', 'private'],
  ['fd12:3456:789a::1', 'private'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['fec0::1', 'private'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'documentation'],
  ['2001:2::1', 'benchmark'],
  ['2001::1', 'reserved'],
  ['100::1', 'reserved'],
  ['::127.0.0.1', 'reserved'],
  ['2606:4700:4700::1111', 'public'],
  ['2a00:1450:4001:81b::200e', 'public'],
  ['not an address', 'reserved'],
];

describe('the address classifier', () => {
  it.each(TABLE)('%s is %s', (ip, cls) => {
    expect(addressClass(ip)).toBe(cls);
  });

  it('allows only public addresses, and loopback only with the development setting', () => {
    for (const [, cls] of TABLE) {
      expect(classAllowed(cls, { allowLoopback: false })).toBe(cls === 'public');
      expect(classAllowed(cls, { allowLoopback: true })).toBe(cls === 'public' || cls === 'loopback');
    }
  });
});

const names: Record<string, string[]> = {
  'hooks.seller.example': ['93.184.216.34'],
  'both.seller.example': ['93.184.216.34', '10.1.2.3'],
  'metadata.seller.example': ['169.254.169.254'],
  'v6.seller.example': ['2606:4700:4700::1111'],
  'mapped.seller.example': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
};
const resolve: Resolver = async (host) => {
  const list = names[host];
  if (!list) throw new Error('ENOTFOUND');
  return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const check = (url: string, allowLoopback: boolean) =>
  checkDestination(url, 'Endpoint link', { resolve, allowLoopback });
const refusal = async (url: string, allowLoopback: boolean) => {
  try {
    await check(url, allowLoopback);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(DestinationRefused);
    return (e as Error).message;
  }
};

const PUBLIC_ONLY = 'Endpoint link must be a public internet address';
const REFUSED_ALWAYS: [string, string][] = [
  ['http://169.254.169.254/latest/meta-data/', PUBLIC_ONLY],
  ['http://10.0.0.1/hook', PUBLIC_ONLY],
  ['https://192.168.0.10/hook', PUBLIC_ONLY],
  ['http://172.20.1.1/', PUBLIC_ONLY],
  ['http://100.64.1.1/', PUBLIC_ONLY],
  ['http://0.0.0.0:8080/', PUBLIC_ONLY],
  ['http://198.18.0.5/', PUBLIC_ONLY],
  ['http://224.0.0.5/', PUBLIC_ONLY],
  ['http://255.255.255.255/', PUBLIC_ONLY],
  ['http://[::]/', PUBLIC_ONLY],
  ['http://[fd00::1]/', PUBLIC_ONLY],
  ['http://[fe80::1]/', PUBLIC_ONLY],
  ['http://[ff02::1]/', PUBLIC_ONLY],
  ['http://[::ffff:169.254.169.254]/', PUBLIC_ONLY],
  ['http://[64:ff9b::a00:1]/', PUBLIC_ONLY],
  ['http://[2002:a00:1::]/', PUBLIC_ONLY],
  ['http://2852039166/', PUBLIC_ONLY], // 169.254.169.254 as one decimal number
  ['http://0xa9.0xfe.0xa9.0xfe/', PUBLIC_ONLY],
  ['http://metadata.seller.example/', PUBLIC_ONLY],
  ['https://both.seller.example/', PUBLIC_ONLY],
  ['https://user:secret@hooks.seller.example/', 'Endpoint link must not carry a user name or password'],
  ['https://token@hooks.seller.example/', 'Endpoint link must not carry a user name or password'],
  ['https://nowhere.seller.example/', 'Endpoint link has a host name that does not resolve'],
  ['ftp://hooks.seller.example/', 'Endpoint link must be an http or https address'],
  ['not a url', 'Endpoint link must be an http or https address'],
];
const LOOPBACK = [
  'http://127.0.0.1:9/hook',
  'http://2130706433/',
  'http://0x7f.1/',
  'http://017700000001/',
  'http://127.1/',
  'http://[::1]:8080/',
  'http://[::ffff:127.0.0.1]/',
  'http://localhost:3000/',
  'http://mapped.seller.example/',
];

describe('a seller-given destination', () => {
  for (const allowLoopback of [false, true]) {
    const mode = allowLoopback ? 'with OUTBOUND_ALLOW_LOOPBACK' : 'without the development setting';
    it.each(REFUSED_ALWAYS)(`${mode}: %s is refused (%s)`, async (url, message) => {
      expect(await refusal(url, allowLoopback)).toBe(message);
    });
    it.each(LOOPBACK)(`${mode}: loopback %s is ${allowLoopback ? 'allowed' : 'refused'}`, async (url) => {
      expect(await refusal(url, allowLoopback)).toBe(allowLoopback ? null : PUBLIC_ONLY);
    });
  }

  it('answers the checked address to connect to, for names and literals alike', async () => {
    expect(await check('https://hooks.seller.example/x', false)).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(await check('https://v6.seller.example/x', false)).toMatchObject({
      address: '2606:4700:4700::1111',
      family: 6,
    });
    expect(await check('http://2130706433/', true)).toMatchObject({ address: '127.0.0.1', family: 4 });
  });
});
