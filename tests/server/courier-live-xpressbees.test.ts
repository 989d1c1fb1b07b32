import { startXpressbeesStandin, XPRESSBEES_STANDIN_LOGIN } from '../carriers/standin/xpressbees-standin';
import { describeCourierLive } from './courier-live';

// Xpressbees (XB) live in the product against its stand-in, configured as XPRESSBEES_EMAIL,
// XPRESSBEES_PASSWORD and XPRESSBEES_BASE_URL would configure it.

describeCourierLive('Xpressbees', {
  code: 'XB',
  start: () => startXpressbeesStandin(),
  settings: (baseUrl) => ({ baseUrl, ...XPRESSBEES_STANDIN_LOGIN }),
  reattemptAs: 're-attempt',
});
