import { createHash, timingSafeEqual } from 'node:crypto';
import type { GatewayState, PaymentGateway, PaymentStatus, StartPayment, StartedPayment } from './gateway';

// PhonePe PG (standard checkout, v1), from its public documents:
// - pay: POST {base}/pg/v1/pay with { request: base64(JSON payload) } and
//   X-VERIFY = SHA256(base64 + "/pg/v1/pay" + saltKey) + "###" + saltIndex
// - status: GET {base}/pg/v1/status/{merchantId}/{merchantTransactionId} with
//   X-VERIFY = SHA256(path + saltKey) + "###" + saltIndex and X-MERCHANT-ID; mandatory after
//   the redirect; PAYMENT_PENDING is asked again later
// - callback: POST { response: base64(JSON) } with X-VERIFY = SHA256(response + saltKey) + "###" + saltIndex
// - merchantTransactionId: letters, digits, _ and -, under 35 characters

export interface PhonePeConfig {
  baseUrl: string;
  merchantId: string;
  saltKey: string;
  saltIndex: string;
  sandbox: boolean;
  fetch: typeof fetch;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function phonePeChecksum(payload: string, saltKey: string, saltIndex: string): string {
  return `${sha256(payload + saltKey)}###${saltIndex}`;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const MERCHANT_TRANSACTION_ID = /^[A-Za-z0-9_-]{1,34}$/;

const STATE_OF: Record<string, GatewayState> = {
  PAYMENT_SUCCESS: 'SUCCESS',
  PAYMENT_ERROR: 'FAILED',
  PAYMENT_DECLINED: 'FAILED',
  TIMED_OUT: 'FAILED',
  PAYMENT_CANCELLED: 'FAILED',
  TRANSACTION_NOT_FOUND: 'FAILED',
  PAYMENT_PENDING: 'PENDING',
  INTERNAL_SERVER_ERROR: 'PENDING',
};

export function phonePeGateway(cfg: PhonePeConfig): PaymentGateway {
  return {
    name: 'phonepe',
    sandbox: cfg.sandbox,
    async start(p: StartPayment): Promise<StartedPayment> {
      if (!MERCHANT_TRANSACTION_ID.test(p.merchantTransactionId))
        throw new Error('merchantTransactionId must be letters, digits, _ or -, under 35 characters');
      const payload = {
        merchantId: cfg.merchantId,
        merchantTransactionId: p.merchantTransactionId,
        merchantUserId: p.merchantUserId,
        amount: p.amountPaise,
        redirectUrl: p.redirectUrl,
        redirectMode: 'REDIRECT',
        callbackUrl: p.callbackUrl,
        paymentInstrument: { type: 'PAY_PAGE' },
        // PhonePe's own page names the merchant; the sandbox stand-in shows what is paid for
        ...(cfg.sandbox ? { description: p.description } : {}),
      };
      const request = Buffer.from(JSON.stringify(payload)).toString('base64');
      const res = await cfg.fetch(`${cfg.baseUrl}/pg/v1/pay`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'X-VERIFY': phonePeChecksum(`${request}/pg/v1/pay`, cfg.saltKey, cfg.saltIndex),
        },
        body: JSON.stringify({ request }),
      });
      const body = (await res.json()) as {
        success?: boolean;
        message?: string;
        data?: { instrumentResponse?: { redirectInfo?: { url?: string } } };
      };
      const url = body.data?.instrumentResponse?.redirectInfo?.url;
      if (!res.ok || !body.success || !url)
        throw new Error(`PhonePe refused the payment: ${body.message ?? res.status}`);
      return { url, gatewayOrderId: null };
    },
    async status(merchantTransactionId: string): Promise<PaymentStatus> {
      const path = `/pg/v1/status/${cfg.merchantId}/${merchantTransactionId}`;
      const res = await cfg.fetch(`${cfg.baseUrl}${path}`, {
        headers: {
          'content-type': 'application/json',
          'X-VERIFY': phonePeChecksum(path, cfg.saltKey, cfg.saltIndex),
          'X-MERCHANT-ID': cfg.merchantId,
        },
      });
      const body = (await res.json()) as {
        code?: string;
        message?: string;
        data?: { amount?: number; transactionId?: string; merchantTransactionId?: string };
      };
      if (res.status >= 500)
        return { state: 'PENDING', amountPaise: 0, gatewayPaymentId: null, detail: `PhonePe answered ${res.status}` };
      if (body.data?.merchantTransactionId && body.data.merchantTransactionId !== merchantTransactionId) {
        return {
          state: 'FAILED',
          amountPaise: 0,
          gatewayPaymentId: null,
          detail: 'PhonePe answered for another transaction',
        };
      }
      return {
        state: STATE_OF[body.code ?? ''] ?? 'FAILED',
        amountPaise: body.data?.amount ?? 0,
        gatewayPaymentId: body.data?.transactionId ?? null,
        detail: body.message ?? body.code ?? '',
      };
    },
    verifyCallback(headers: Headers, rawBody: string) {
      let response: string;
      try {
        response = (JSON.parse(rawBody) as { response?: string }).response ?? '';
      } catch {
        return null;
      }
      const given = headers.get('x-verify') ?? '';
      if (!response || !sameText(given, phonePeChecksum(response, cfg.saltKey, cfg.saltIndex))) return null;
      try {
        const decoded = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as {
          code?: string;
          data?: { merchantTransactionId?: string; transactionId?: string };
        };
        const id = decoded.data?.merchantTransactionId;
        return id
          ? { merchantTransactionId: id, eventId: `${decoded.data?.transactionId ?? id}:${decoded.code ?? ''}` }
          : null;
      } catch {
        return null;
      }
    },
    async health() {
      try {
        const res = await cfg.fetch(`${cfg.baseUrl}/pg/v1/status/${cfg.merchantId}/HEALTHCHECK`, {
          headers: {
            'X-VERIFY': phonePeChecksum(`/pg/v1/status/${cfg.merchantId}/HEALTHCHECK`, cfg.saltKey, cfg.saltIndex),
            'X-MERCHANT-ID': cfg.merchantId,
          },
        });
        return res.status < 500;
      } catch {
        return false;
      }
    },
  };
}
