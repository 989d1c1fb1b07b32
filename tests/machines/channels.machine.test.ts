import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { channelConnectMachine, type AuthoriseRequest } from '../../src/machines/channel-connect.machine';
import type { ChannelStore } from '../../src/domain/channels-contract';
import { MSG_CHANNELS, shopifyEventFor, storeHears, wooStatusFor } from '../../src/domain/channels';
import { normaliseShopDomain } from '../../src/domain/schemas/channel';
import { describeModel } from './describe-model';
import { model as channelConnect } from './models/channel-connect.model';

// Connecting a sales channel, model-based, and the rules of what a store is told.

describeModel(channelConnect, (a, e) => {
  expect(a.context.error).toBe(e.context.error);
  expect(a.context.store?.status ?? null).toBe(e.context.store?.status ?? null);
  expect(a.context.request?.platform ?? null).toBe(e.context.request?.platform ?? null);
});

const connected = { storeId: 9, name: 'Chai Corner', status: 'CONNECTED' } as ChannelStore;

describe('connect-channel flow', () => {
  it('leaves for the shop’s approval page with the install’s address', async () => {
    const left: string[] = [];
    const actor = createActor(
      channelConnectMachine.provide({
        actors: {
          startInstall: fromPromise(async () => ({
            storeId: 9,
            authorizeUrl: 'https://chai.myshopify.com/admin/oauth/authorize?x=1',
          })),
        },
        actions: { leaveFor: (_, { url }) => void left.push(url) },
      }),
    ).start();
    actor.send({ type: 'CONNECT_SHOPIFY', shopDomain: 'chai.myshopify.com' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(left).toEqual(['https://chai.myshopify.com/admin/oauth/authorize?x=1']);
  });

  it('authorises the callback’s query as it came, and announces the connected store once', async () => {
    const asked: AuthoriseRequest[] = [];
    const announced: string[] = [];
    const actor = createActor(
      channelConnectMachine.provide({
        actors: {
          authorise: fromPromise(async ({ input }: { input: AuthoriseRequest }) => (asked.push(input), connected)),
        },
        actions: { announce: (_, { store }) => void announced.push(store.name) },
      }),
    ).start();
    const query = { code: 'c', hmac: 'h', shop: 'chai.myshopify.com', state: 's', timestamp: '1' };
    actor.send({ type: 'CALLBACK', query });
    actor.send({ type: 'CALLBACK', query });
    await waitFor(actor, (s) => s.matches('connected'));
    expect(asked).toEqual([{ platform: 'SHOPIFY', query }]);
    expect(announced).toEqual(['Chai Corner']);
  });

  it('sends Amazon’s seller id and refresh token straight to authorising', async () => {
    const asked: AuthoriseRequest[] = [];
    const actor = createActor(
      channelConnectMachine.provide({
        actors: {
          authorise: fromPromise(async ({ input }: { input: AuthoriseRequest }) => (asked.push(input), connected)),
        },
      }),
    ).start();
    actor.send({ type: 'CONNECT_AMAZON', sellingPartnerId: 'A2MEERAKURTAS1', refreshToken: 'Atzr|token-of-meera' });
    await waitFor(actor, (s) => s.matches('connected'));
    expect(asked).toEqual([
      { platform: 'AMAZON', sellingPartnerId: 'A2MEERAKURTAS1', refreshToken: 'Atzr|token-of-meera' },
    ]);
  });

  it('a cancelled install fails without a call', () => {
    const actor = createActor(channelConnectMachine).start();
    actor.send({ type: 'CALLBACK', query: { error: 'access_denied', shop: 'chai.myshopify.com' } });
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(MSG_CHANNELS.cancelledInShopify);
  });
});

describe('connect-channel flow for Wix', () => {
  it('starts the install, leaves for Wix’s installer, and authorises its return', async () => {
    const left: string[] = [];
    const started: unknown[] = [];
    const actor = createActor(
      channelConnectMachine.provide({
        actors: {
          startWixInstall: fromPromise(
            async ({ input }) => (
              started.push(input),
              { storeId: 3, authorizeUrl: 'https://www.wix.com/installer/install?appId=a' }
            ),
          ),
        },
        actions: { leaveFor: (_, { url }) => void left.push(url) },
      }),
    ).start();
    actor.send({ type: 'CONNECT_WIX' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(started).toEqual([{}]);
    expect(left).toEqual(['https://www.wix.com/installer/install?appId=a']);
  });

  it('a cancelled Wix install fails without a call', () => {
    const actor = createActor(channelConnectMachine).start();
    actor.send({ type: 'WIX_CALLBACK', query: { error: 'access_denied', state: 's' } });
    expect(actor.getSnapshot().context.error).toBe(MSG_CHANNELS.cancelledInWix);
  });
});

describe('what a store is told', () => {
  it('maps each parcel status to Shopify’s fulfilment event, and booking to WooCommerce’s completed', () => {
    expect(['PKD', 'INT', 'OFD', 'NDR', 'DLV', 'LST', 'RTO_INT'].map((s) => shopifyEventFor(s as never))).toEqual([
      'in_transit',
      'in_transit',
      'out_for_delivery',
      'attempted_delivery',
      'delivered',
      'failure',
      'failure',
    ]);
    expect(storeHears('PKP_SCH')).toBe(true);
    expect(storeHears('RTS')).toBe(false);
    expect(storeHears('CAN')).toBe(false);
    expect(wooStatusFor('PKP_SCH')).toBe('completed');
    expect(wooStatusFor('DLV')).toBeNull();
  });

  it('reads a shop’s name, domain or address as its myshopify.com domain', () => {
    expect(
      ['chai-corner', 'Chai-Corner.myshopify.com', 'https://chai-corner.myshopify.com/admin'].map(normaliseShopDomain),
    ).toEqual(['chai-corner.myshopify.com', 'chai-corner.myshopify.com', 'chai-corner.myshopify.com']);
  });
});
