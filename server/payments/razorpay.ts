import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayState, PaymentGateway, PaymentStatus, StartPayment, StartedPayment } from './gateway';

// Razorpay (Orders API + Standard Checkout), from its public documents:
// - order: POST https://api.razorpay.com/v1/orders (basic auth key_id:key_secret) with amount in
//   paise, currency INR, receipt = our merchantTransactionId
// - checkout result signature: HMAC-SHA256(order_id + "|" + payment_id, key_secret), using the
//   order id WE stored
// - webhook: X-Razorpay-Signature = HMAC-SHA256(raw body, webhook secret); dedupe on the event id
//   (x-razorpay-event-id); a paid order is never moved back
// - status: GET /v1/orders/{order_id}/payments → captured means paid

export interface RazorpayConfig {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** the hosted checkout page of ours that opens Razorpay's checkout for an order */
  checkoutPageUrl: string;
  fetch: typeof fetch;
}

const hmac = (text: string, secret: string) => createHmac('sha256', secret).update(text).digest('hex');

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function razorpayCheckoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmac(`${orderId}|${paymentId}`, keySecret);
}

export function verifyRazorpayCheckout(
  storedOrderId: string,
  paymentId: string,
  signature: string,
  keySecret: string,
): boolean {
  return sameHex(signature, razorpayCheckoutSignature(storedOrderId, paymentId, keySecret));
}

export function razorpayWebhookSignature(rawBody: string, webhookSecret: string): string {
  return hmac(rawBody, webhookSecret);
}

export function razorpayGateway(cfg: RazorpayConfig): PaymentGateway {
  const auth = `Basic ${Buffer.from(`${cfg.keyId}:${cfg.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    sandbox: false,
    async start(p: StartPayment): Promise<StartedPayment> {
      const res = await cfg.fetch(`${cfg.baseUrl}/v1/orders`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          amount: p.amountPaise,
          currency: 'INR',
          receipt: p.merchantTransactionId,
          notes: { merchantUserId: p.merchantUserId, description: p.description },
        }),
      });
      const body = (await res.json()) as { id?: string; error?: { description?: string } };
      if (!res.ok || !body.id) throw new Error(`Razorpay refused the order: ${body.error?.description ?? res.status}`);
      const url = `${cfg.checkoutPageUrl}?order_id=${encodeURIComponent(body.id)}&merchantTransactionId=${encodeURIComponent(p.merchantTransactionId)}`;
      return { url, gatewayOrderId: body.id };
    },
    async status(_merchantTransactionId: string, gatewayOrderId: string | null): Promise<PaymentStatus> {
      if (!gatewayOrderId)
        return {
          state: 'FAILED',
          amountPaise: 0,
          gatewayPaymentId: null,
          detail: 'no Razorpay order for this payment',
        };
      const res = await cfg.fetch(`${cfg.baseUrl}/v1/orders/${gatewayOrderId}/payments`, {
        headers: { authorization: auth },
      });
      if (res.status >= 500)
        return { state: 'PENDING', amountPaise: 0, gatewayPaymentId: null, detail: `Razorpay answered ${res.status}` };
      const body = (await res.json()) as { items?: { id: string; status: string; amount: number; order_id: string }[] };
      const items = (body.items ?? []).filter((i) => i.order_id === gatewayOrderId);
      const captured = items.find((i) => i.status === 'captured');
      if (captured)
        return { state: 'SUCCESS', amountPaise: captured.amount, gatewayPaymentId: captured.id, detail: 'captured' };
      const state: GatewayState =
        items.some((i) => i.status === 'authorized' || i.status === 'created') || items.length === 0
          ? 'PENDING'
          : 'FAILED';
      return {
        state,
        amountPaise: 0,
        gatewayPaymentId: null,
        detail: items.map((i) => i.status).join(', ') || 'no payment yet',
      };
    },
    verifyCallback(headers: Headers, rawBody: string) {
      const signature = headers.get('x-razorpay-signature') ?? '';
      if (!signature || !sameHex(signature, razorpayWebhookSignature(rawBody, cfg.webhookSecret))) return null;
      try {
        const event = JSON.parse(rawBody) as {
          payload?: {
            payment?: { entity?: { notes?: { merchantTransactionId?: string }; order_id?: string } };
            order?: { entity?: { receipt?: string } };
          };
        };
        const id =
          event.payload?.order?.entity?.receipt ?? event.payload?.payment?.entity?.notes?.merchantTransactionId;
        const eventId = headers.get('x-razorpay-event-id') ?? '';
        return id && eventId ? { merchantTransactionId: id, eventId } : null;
      } catch {
        return null;
      }
    },
    async health() {
      try {
        const res = await cfg.fetch(`${cfg.baseUrl}/v1/orders?count=1`, { headers: { authorization: auth } });
        return res.status < 500;
      } catch {
        return false;
      }
    },
  };
}
