import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { channelConnectMachine, type AuthoriseRequest } from '../machines/channel-connect.machine';
import { MSG_CHANNELS } from '../domain/channels';
import type { ShopifyConnectInput, WixConnectInput } from '../domain/schemas/channel';
import { API_CHANNELS } from '../domain/channels-contract';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { notify } from './notify';
import { useHttp } from './screen-services';

// The connect-a-channel flow bound to its calls: the install and the exchange, WooCommerce's
// keys, Magento's token, Amazon's refresh token, the page leaving for the shop's approval page, and the stores list told of a new store.

export function useChannelConnect() {
  const http = useHttp();
  const [machine] = useState(() =>
    channelConnectMachine.provide({
      actors: {
        startInstall: fromPromise(({ input }: { input: ShopifyConnectInput }) =>
          call(http, API_CHANNELS.shopify, { body: input }),
        ),
        startWixInstall: fromPromise(({ input }: { input: WixConnectInput }) =>
          call(http, API_CHANNELS.wix, { body: input }),
        ),
        authorise: fromPromise(({ input }: { input: AuthoriseRequest }) => {
          if (input.platform === 'WIX') return call(http, API_CHANNELS.wixExchange, { body: { query: input.query } });
          if (input.platform === 'SHOPIFY')
            return call(http, API_CHANNELS.shopifyExchange, { body: { query: input.query } });
          if (input.platform === 'MAGENTO2') {
            const { platform: _magento, ...body } = input;
            return call(http, API_CHANNELS.magento, { body });
          }
          if (input.platform === 'AMAZON') {
            const { platform: _amazon, ...amazon } = input;
            return call(http, API_CHANNELS.amazon, { body: amazon });
          }
          const { platform: _platform, ...body } = input;
          return call(http, API_CHANNELS.woocommerce, { body });
        }),
      },
      actions: {
        leaveFor: (_, { url }) => window.location.assign(url),
        announce: (_, { store }) => {
          invalidate('channels');
          notify({ kind: 'info', message: MSG_CHANNELS.connected(store.name || store.storeUrl) });
        },
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
