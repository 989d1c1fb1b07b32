import type { AdapterKind } from '../providers';
import { EkartCourier } from './ekart-courier';
import { ekartPushAuth } from './webhook';

// Ekart's registration: code EK, live when EKART_CLIENT_ID, EKART_USERNAME and EKART_PASSWORD are
// set, on EKART_BASE_URL or its production host. The seller on Ekart's side is the account
// holder (the company's address and GSTIN); its pushes are checked by the HMAC of its webhook.

export const EKART_KIND: AdapterKind = {
  kind: 'ekart',
  codes: ['EK'],
  defaultBaseUrl: 'https://app.elite.ekartlogistics.in',
  pushAuth: ekartPushAuth,
  build: (settings) => (profile, deps) =>
    new EkartCourier(profile, settings, {
      holder: { gstin: deps.config.company.gstin, address: deps.config.company.address },
      now: () => deps.now(),
      fetch: (input, init) => deps.fetch(input, init),
    }),
};
