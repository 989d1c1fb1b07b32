import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { buyerMessages } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { numericId } from '../../../src/domain/params';
import { handshakeChallenge, webhookSignatureValid } from '../../messaging/whatsapp/signature';
import { webhookEvents } from '../../messaging/whatsapp/webhook';
import {
  API_WHATSAPP,
  WebhookAckSchema,
  WhatsAppSentSchema,
  WhatsAppTextBody,
} from '../../../src/domain/messaging/whatsapp-contract';
import { isMessageKind } from '../../../src/domain/messaging/message-kinds';
import { sendFreeForm } from './free-form';
import { handleWebhookEvents } from './replies';
import { ownOrder } from '../order-lookup/own-order';

const TAG = 'messaging';
const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const NOT_SET_UP = 'WhatsApp is not set up for Dakiya';
/** Meta batches at most a few hundred changes in one delivery */
const WEBHOOK_BODY = { bytes: 1024 * 1024, message: 'A WhatsApp webhook delivery may be at most 1 MB' };

export function registerWhatsAppRoutes(router: ApiRouter, deps: AppDeps) {
  router.add({
    method: 'get',
    path: API_WHATSAPP.webhook,
    tag: TAG,
    access: { kind: 'public' },
    summary:
      'Meta’s webhook subscription handshake: with hub.mode=subscribe and hub.verify_token equal to WHATSAPP_VERIFY_TOKEN, hub.challenge is answered as plain text; anything else is refused 403',
    errors: { 403: 'the verify token or mode is wrong', 404: 'WhatsApp is not set up' },
    response: { file: 'text/plain' },
    handler: ({ c }) => {
      const settings = deps.config.whatsapp;
      if (!settings) throw notFound(NOT_SET_UP);
      const challenge = handshakeChallenge(settings.verifyToken, {
        mode: c.req.query('hub.mode'),
        token: c.req.query('hub.verify_token'),
        challenge: c.req.query('hub.challenge'),
      });
      if (challenge === null) throw new ApiError(403, 'The webhook verify token does not match');
      return new Response(challenge, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
    },
  });
  router.add({
    method: 'post',
    path: API_WHATSAPP.webhook,
    tag: TAG,
    access: { kind: 'public' },
    maxBody: WEBHOOK_BODY,
    summary:
      'Meta’s webhook deliveries: buyers’ replies (quick-reply buttons, text, STOP) and the statuses of WhatsApp messages sent. Each is verified by X-Hub-Signature-256 (sha256= hex HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET) before it is read; a message Meta delivers again is acted on once.',
    errors: {
      400: 'the body is not a WhatsApp webhook',
      401: 'the signature is missing or does not match',
      404: 'WhatsApp is not set up',
    },
    response: WebhookAckSchema,
    handler: async ({ c }) => {
      const settings = deps.config.whatsapp;
      if (!settings) throw notFound(NOT_SET_UP);
      const raw = new Uint8Array(await c.req.arrayBuffer());
      if (!webhookSignatureValid(settings.appSecret, raw, c.req.header('x-hub-signature-256')))
        throw new ApiError(401, 'The webhook signature does not match');
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder().decode(raw));
      } catch {
        throw badRequest('The webhook body is not JSON');
      }
      const events = webhookEvents(body, settings.phoneNumberId);
      if (!events) throw badRequest('The webhook body is not a WhatsApp Business Account delivery');
      await handleWebhookEvents(deps, events);
      return { received: events.length };
    },
  });
  router.add({
    method: 'post',
    path: API_WHATSAPP.orderMessage(':orderId'),
    tag: TAG,
    access: SELLERS,
    permission: 'orders.create',
    params: v.object({ orderId: numericId('orderId') }),
    body: WhatsAppTextBody,
    summary:
      'A free-form WhatsApp message to the order’s buyer: only within 24 hours of the buyer’s last WhatsApp message to the seller, and never to a buyer who replied STOP',
    errors: {
      404: 'no such order of this seller',
      409: 'outside the buyer’s 24-hour window, the buyer opted out, or WhatsApp refused it',
    },
    returns: 'WhatsAppSent',
    response: WhatsAppSentSchema,
    handler: async ({ caller, params, body }) => {
      const o = await ownOrder(deps.db, caller.orgId, params.orderId);
      // logged under the kind of the conversation's last WhatsApp message on the order
      const [last] = await deps.db
        .select({ kind: buyerMessages.kind })
        .from(buyerMessages)
        .where(and(eq(buyerMessages.orderId, o.id), eq(buyerMessages.channel, 'WHATSAPP')))
        .orderBy(desc(buyerMessages.id))
        .limit(1);
      return sendFreeForm(deps, {
        orgId: caller.orgId,
        orderId: o.id,
        phone: o.buyerPhone,
        kind: last && isMessageKind(last.kind) ? last.kind : 'tracking_update',
        body: body.text,
      });
    },
  });
}
