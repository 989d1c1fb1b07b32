import { and, desc, eq } from 'drizzle-orm';
import type { ApiRouter } from '../../http/router';
import type { AppDeps } from '../../deps';
import { buyerMessages } from '../../db/schema';
import { ApiError, badRequest, notFound } from '../../http/errors';
import { handshakeChallenge, webhookSignatureValid } from '../../messaging/whatsapp/signature';
import { webhookEvents } from '../../messaging/whatsapp/webhook';
import { API_WHATSAPP } from '../../../src/domain/messaging/whatsapp-contract';
import { isMessageKind } from '../../../src/domain/messaging/message-kinds';
import { sendFreeForm } from './free-form';
import { handleWebhookEvents } from './replies';
import { ownOrder } from '../order-lookup/own-order';

const SELLERS = { kind: 'user', accountTypes: ['SELLER'] } as const;
const NOT_SET_UP = 'WhatsApp is not set up for Dakiya';
/** Meta batches at most a few hundred changes in one delivery */
const WEBHOOK_BODY = { bytes: 1024 * 1024, message: 'A WhatsApp webhook delivery may be at most 1 MB' };

// WhatsApp's operations (src/domain/messaging/whatsapp-contract.ts): who may call each, and its handler.

export function registerWhatsAppRoutes(router: ApiRouter, deps: AppDeps) {
  router.route(API_WHATSAPP.webhookHandshake, {
    access: { kind: 'public' },
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
  router.route(API_WHATSAPP.webhook, {
    access: { kind: 'public' },
    maxBody: WEBHOOK_BODY,
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
  router.route(API_WHATSAPP.orderMessage, {
    access: SELLERS,
    permission: 'orders.create',
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
