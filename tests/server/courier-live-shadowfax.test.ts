import { SHADOWFAX_STANDIN_TOKEN, startShadowfaxStandin } from '../carriers/standin/shadowfax-standin';
import { describeCourierLive } from './courier-live';

// Shadowfax (SF) live in the product against its stand-in, configured as SHADOWFAX_TOKEN and
// SHADOWFAX_BASE_URL would configure it.

describeCourierLive('Shadowfax', {
  code: 'SF',
  start: () => startShadowfaxStandin(),
  settings: (baseUrl) => ({ baseUrl, apiToken: SHADOWFAX_STANDIN_TOKEN }),
  reattemptAs: 'reopen_ndr',
  reverse: true,
  proofOfDelivery: true,
});
