import type { Config } from '../config';
import type { GatewayName, PaymentGateway } from './gateway';
import { phonePeGateway } from './phonepe';
import { razorpayGateway } from './razorpay';
import { SANDBOX_BASE, type SandboxSettings } from './sandbox-settings';

// Which gateways this server talks to. PhonePe is real when PHONEPE_* are set, else it is the
// sandbox gateway served by this server; Razorpay only with RAZORPAY_* keys (no sandbox).

export interface Payments {
  gateways: Partial<Record<GatewayName, PaymentGateway>>;
  defaultGateway: GatewayName;
  /** set when this server hosts the sandbox gateway */
  sandbox: SandboxSettings | null;
}

export function buildPayments(
  config: Config,
  env: NodeJS.ProcessEnv,
  sandboxSalt: string,
  fetcher: typeof fetch,
): Payments {
  const gateways: Payments['gateways'] = {};
  let sandbox: SandboxSettings | null = null;
  if (env.PHONEPE_BASE_URL && env.PHONEPE_MERCHANT_ID && env.PHONEPE_SALT_KEY) {
    gateways.phonepe = phonePeGateway({
      baseUrl: env.PHONEPE_BASE_URL,
      merchantId: env.PHONEPE_MERCHANT_ID,
      saltKey: env.PHONEPE_SALT_KEY,
      saltIndex: env.PHONEPE_SALT_INDEX || '1',
      sandbox: false,
      fetch: fetcher,
    });
  } else {
    sandbox = { merchantId: 'DAKIYASANDBOX', saltKey: sandboxSalt, saltIndex: '1' };
    gateways.phonepe = phonePeGateway({
      baseUrl: `${config.publicUrl}${SANDBOX_BASE}`,
      ...sandbox,
      sandbox: true,
      fetch: fetcher,
    });
  }
  if (env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET) {
    gateways.razorpay = razorpayGateway({
      baseUrl: env.RAZORPAY_BASE_URL || 'https://api.razorpay.com',
      keyId: env.RAZORPAY_KEY_ID,
      keySecret: env.RAZORPAY_KEY_SECRET,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      checkoutPageUrl: `${config.publicUrl}/payment/razorpay/checkout`,
      fetch: fetcher,
    });
  }
  return { gateways, defaultGateway: 'phonepe', sandbox };
}
