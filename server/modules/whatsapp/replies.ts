import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { buyerMessages, codVerifications, ndrRecords, orders, whatsappInbound } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { advanceStatus } from '../../messaging/buyer/message-log';
import { nationalNumber } from '../../messaging/whatsapp/shapes';
import type { WebhookEvent } from '../../messaging/whatsapp/webhook';
import { NDR_BUYER_PAGE } from '../../../src/domain/ndr-contract';
import { buyerAnswer as codAnswer } from '../cod-verification/buyer';
import { recordEvent } from '../cod-verification/record';
import { verificationToken } from '../cod-verification/token';
import { recordLiveEvents } from '../live/record';
import { buyerAnswer as ndrAnswer } from '../ndr/buyer';
import { ndrToken } from '../ndr/outreach';
import { ofButtonPayload } from './button-payload';
import { openWindow, optOut } from './contacts';
import { sendFreeForm } from './free-form';

// What a verified webhook's events do. A status moves the message log row on (a failed one falls
// back to SMS, once). A buyer's message is acted on once by Meta's id however often it is
// delivered: it opens their 24-hour window with the seller, STOP opts them out, and a tapped
// button answers through the same services as the buyer's web links (the COD confirmation, the
// NDR answer), so a repeated answer changes nothing. The seller's screens hear it live.

type Inbound = Exclude<WebhookEvent, { kind: 'status' }>;
type LogRow = typeof buyerMessages.$inferSelect;

const STOP_WORDS = new Set(['stop', 'unsubscribe']);

/** Button order in the registered templates: the first quick reply says yes, the second the other way. */
const COD_BUTTONS = ['CONFIRM', 'CANCEL'] as const;
const NDR_BUTTONS = ['REATTEMPT', 'CHANGE_ADDRESS'] as const;

export async function handleWebhookEvents(deps: AppDeps, events: WebhookEvent[]): Promise<void> {
  for (const e of events) {
    if (e.kind === 'status') await recordStatus(deps, e);
    else await handleInbound(deps, e);
  }
}

async function recordStatus(deps: AppDeps, e: Extract<WebhookEvent, { kind: 'status' }>) {
  const error =
    e.status === 'failed'
      ? e.errors.some((x) => x.code === 131026)
        ? 'WhatsApp could not deliver to this number: it may not be on WhatsApp.'
        : e.errors.some((x) => x.code === 131047)
          ? 'WhatsApp refused a free-form message outside the buyer’s 24-hour window.'
          : `WhatsApp could not deliver the message${e.errors[0]?.title ? ` (${e.errors[0].title})` : ''}.`
      : undefined;
  const moved = await advanceStatus(deps.db, { provider: 'whatsapp', providerMessageId: e.messageId }, e.status, {
    error,
    at: deps.now(),
  });
  // a template that could not reach the buyer goes by SMS instead (the router claims it once)
  if (e.status === 'failed') for (const row of moved) await deps.messenger.buyer.fallbackToSms(row.id);
}

/** The logged message a buyer's message answers: the button's signed reference, else the message it quotes, else the last one sent them. */
async function answeredMessage(deps: AppDeps, e: Inbound, phone: string): Promise<LogRow | null> {
  const recipient = `+91${phone}`;
  if (e.kind === 'button') {
    const ref = ofButtonPayload(deps.ratingKey, e.payload);
    if (ref) {
      const [row] = await deps.db.select().from(buyerMessages).where(eq(buyerMessages.id, ref.logId));
      // a reference is honoured only from the number it was sent to
      return row && row.recipient === recipient ? row : null;
    }
  }
  if (e.contextId) {
    const [row] = await deps.db
      .select()
      .from(buyerMessages)
      .where(
        and(
          eq(buyerMessages.provider, 'whatsapp'),
          eq(buyerMessages.providerMessageId, e.contextId),
          eq(buyerMessages.recipient, recipient),
        ),
      );
    if (row) return row;
  }
  const [last] = await deps.db
    .select()
    .from(buyerMessages)
    .where(and(eq(buyerMessages.channel, 'WHATSAPP'), eq(buyerMessages.recipient, recipient)))
    .orderBy(desc(buyerMessages.id))
    .limit(1);
  return last ?? null;
}

async function handleInbound(deps: AppDeps, e: Inbound) {
  // acted on once: Meta delivers until answered 200, and may deliver twice at once
  const first = await deps.db
    .insert(whatsappInbound)
    .values({ messageId: e.messageId, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: whatsappInbound.messageId });
  if (!first.length) return;
  try {
    await actOnInbound(deps, e);
  } catch (err) {
    // not acted on after all: Meta's retry of this delivery (after our 500) acts on it
    await deps.db.delete(whatsappInbound).where(eq(whatsappInbound.messageId, e.messageId));
    throw err;
  }
}

async function actOnInbound(deps: AppDeps, e: Inbound) {
  const phone = nationalNumber(e.from);
  const row = await answeredMessage(deps, e, phone);
  // a number no seller has written to on WhatsApp: nothing to answer
  if (!row) return;
  const now = deps.now();
  await openWindow(deps.db, row.orgId, phone, e.at > now ? now : e.at, now);
  const said = e.kind === 'button' ? e.text : e.kind === 'text' ? e.text.trim() : `(${e.type})`;
  await deps.db
    .update(buyerMessages)
    .set({ reply: said.slice(0, 500), repliedAt: now, updatedAt: now })
    .where(eq(buyerMessages.id, row.id));
  if (e.kind !== 'other' && STOP_WORDS.has(said.toLowerCase())) {
    await optOut(deps.db, row.orgId, phone, now);
    await announce(deps, row, 'The buyer opted out of WhatsApp messages (STOP)');
    return;
  }
  if (e.kind === 'button') {
    const index = ofButtonPayload(deps.ratingKey, e.payload)?.index;
    if (index !== undefined) await actOnButton(deps, row, index, phone);
    return;
  }
  if (e.kind === 'text') await announce(deps, row, `The buyer wrote on WhatsApp: ${said.slice(0, 200)}`);
}

async function actOnButton(deps: AppDeps, row: LogRow, index: number, phone: string) {
  if (!row.orderId) return;
  if (row.kind === 'cod_confirmation') {
    const answer = COD_BUTTONS[index];
    const [v] = await deps.db
      .select({ id: codVerifications.id, state: codVerifications.state })
      .from(codVerifications)
      .where(and(eq(codVerifications.orderId, row.orderId), eq(codVerifications.orgId, row.orgId)));
    if (!v || !answer) return;
    const before = v.state;
    const after = await quietly(() =>
      codAnswer(deps, verificationToken(deps.ratingKey, v.id), {
        answer,
        ...(answer === 'CANCEL' ? { cancelReason: 'OTHER' as const } : {}),
      }),
    );
    if (!after || after.state === before || !(await firstAnswer(deps, row, index))) return;
    // the verification's timeline says where the answer came from
    await recordEvent(deps.db, v.id, 'WHATSAPP', deps.now(), 'The answer came on WhatsApp');
    await announce(
      deps,
      row,
      answer === 'CONFIRM' ? 'The buyer confirmed the order on WhatsApp' : 'The buyer cancelled the order on WhatsApp',
    );
    return;
  }
  if (row.kind === 'ndr_action') {
    const action = NDR_BUTTONS[index];
    const [ndr] = await deps.db
      .select({ id: ndrRecords.id, status: ndrRecords.status })
      .from(ndrRecords)
      .where(and(eq(ndrRecords.orderId, row.orderId), eq(ndrRecords.orgId, row.orgId)))
      .orderBy(desc(ndrRecords.id))
      .limit(1);
    if (!ndr || !action) return;
    const token = ndrToken(deps.ratingKey, ndr.id);
    if (action === 'REATTEMPT') {
      const after =
        ndr.status === 'ACTION_REQUIRED' ? await quietly(() => ndrAnswer(deps, token, { answer: 'REATTEMPT' })) : null;
      if (after && (await firstAnswer(deps, row, index)))
        await announce(deps, row, 'The buyer asked on WhatsApp for another delivery attempt');
      return;
    }
    // a new address needs the page's form: the buyer gets its link, inside the window their tap opened
    await quietly(() =>
      sendFreeForm(deps, {
        orgId: row.orgId,
        orderId: row.orderId,
        phone,
        kind: 'ndr_action',
        body: `Please give your new address here and we will tell the courier: ${deps.config.publicUrl}${NDR_BUYER_PAGE(token)}`,
      }),
    );
    await announce(deps, row, 'The buyer wants to change the delivery address: the address link was sent on WhatsApp');
  }
}

/** The first time this button of this message took effect: the seller hears an answer once, however many taps raced. */
async function firstAnswer(deps: AppDeps, row: LogRow, index: number): Promise<boolean> {
  const claimed = await deps.db
    .insert(whatsappInbound)
    .values({ messageId: `answer:${row.id}:${index}`, receivedAt: deps.now() })
    .onConflictDoNothing()
    .returning({ id: whatsappInbound.messageId });
  return claimed.length > 0;
}

/** An answer the service refuses (answered already, too late) changes nothing and is not an error of the webhook. */
async function quietly<T>(act: () => Promise<T>): Promise<T | null> {
  try {
    return await act();
  } catch (e) {
    if (e instanceof ApiError && e.status < 500) return null;
    throw e;
  }
}

/** The seller's open screens of the order hear the buyer's answer (live events). */
async function announce(deps: AppDeps, row: LogRow, remark: string) {
  if (!row.orderId) return;
  const orderId = row.orderId;
  await deps.db.transaction(async (tx) => {
    const [o] = await tx
      .select({ orderNumber: orders.orderNumber, awb: orders.awb, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!o) return;
    await recordLiveEvents(tx, [
      {
        orgId: row.orgId,
        orderId,
        orderNumber: o.orderNumber,
        trackingNumber: o.awb,
        status: o.status,
        at: deps.now(),
        location: null,
        remark,
      },
    ]);
  });
}
