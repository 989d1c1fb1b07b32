import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { ndrRecords, orderItems, orders, organisations } from '../../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import {
  BUYER_NDR_ANSWERS,
  NDR_ACTIONS,
  NDR_REASONS,
  buyerAnswerTooLate,
  type BuyerNdrView,
  type NdrActionKind,
  type NdrReason,
  type NdrStatus,
} from '../../../src/domain/ndr-contract';
import { buyerOptions, reattemptDates } from '../../../src/domain/ndr-rules';
import { fieldLabel } from '../../../src/domain/schemas/labels';
import type { BuyerNdrAnswerInput } from '../../../src/domain/schemas/ndr';
import { carrierName } from '../../../src/domain/shipping/carriers';
import { API } from '../../../src/domain/account-contract';
import { ndrIdOfToken } from './outreach';
import { shippingPreferences } from '../shipping/preferences';
import { actOnNdr, BUYER_ANSWER_LIMIT, buyerAnswerCount, recordUnappliedAnswer, type ActionInput } from './service';

// The buyer's NDR page: what they may see (the brand, the parcel, why it failed, masked details)
// and their answer, which becomes the NDR's action unless the seller acted first.

const NO_SUCH = 'This link is not valid or has expired';

async function recordOfToken(deps: AppDeps, token: string) {
  const id = ndrIdOfToken(deps.ratingKey, token);
  if (!id) throw notFound(NO_SUCH);
  const [r] = await deps.db.select().from(ndrRecords).where(eq(ndrRecords.id, id));
  if (!r) throw notFound(NO_SUCH);
  return r;
}

const mask = (text: string, keep: number) =>
  text.length <= keep ? text : `${'•'.repeat(text.length - keep)}${text.slice(-keep)}`;

export async function buyerView(deps: AppDeps, token: string): Promise<BuyerNdrView> {
  const r = await recordOfToken(deps, token);
  const [o] = await deps.db.select().from(orders).where(eq(orders.id, r.orderId));
  const items = await deps.db
    .select({ name: orderItems.name, q: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, o.id));
  const [org] = await deps.db
    .select({ name: organisations.companyName, logo: organisations.companyLogoFileId })
    .from(organisations)
    .where(eq(organisations.id, r.orgId));
  const quantity = items.reduce((n, i) => n + i.q, 0);
  const reason = r.reason as NdrReason;
  const answered =
    r.status === 'ACTION_REQUIRED' || !r.action
      ? null
      : {
          by: r.actionSource === 'BUYER' ? ('BUYER' as const) : ('SELLER' as const),
          answer:
            r.actionSource === 'BUYER' && r.actionPayload?.declined
              ? BUYER_NDR_ANSWERS.DECLINE
              : NDR_ACTIONS[r.action as NdrActionKind],
          at: (r.actionAt ?? r.updatedAt).toISOString(),
        };
  return {
    brandName: org.name,
    logoUrl: org.logo ? API.file(org.logo) : null,
    orderNumber: o.orderNumber,
    carrierName: carrierName(r.carrierCode),
    parcel: items.length ? `${items[0].name}${quantity > 1 ? ` and ${quantity - 1} more` : ''}` : 'Your parcel',
    paymentMethod: o.paymentMethod as 'PPD' | 'COD',
    codAmountPaise: o.codAmountPaise,
    attempt: r.attempt,
    reason,
    reasonText: NDR_REASONS[reason],
    addressHint: `${mask(o.shipping.line1, 6)}, ${o.shipping.city} ${o.shipping.pincode}`,
    address: {
      line1: o.shipping.line1,
      line2: o.shipping.line2 ?? '',
      pincode: o.shipping.pincode,
      city: o.shipping.city,
      state: o.shipping.state,
    },
    phoneHint: `+91 ${mask(o.buyerPhone, 4)}`,
    noAnswerAction: (await shippingPreferences(deps.db, r.orgId)).ndrAutoAction ?? 'REATTEMPT',
    options: buyerOptions(reason, r.status as NdrStatus, r.attempt),
    dates: reattemptDates(deps.now()),
    answered,
  };
}

/** Keeps the late answer on the record and refuses it, saying who settled the NDR. */
async function tooLate(deps: AppDeps, r: typeof ndrRecords.$inferSelect, input: ActionInput): Promise<never> {
  const by = r.actionSource === 'BUYER' ? 'BUYER' : 'SELLER';
  await recordUnappliedAnswer(
    deps,
    r,
    input.action,
    { ...input },
    by === 'BUYER' ? 'Answered already' : 'The seller acted first',
  );
  throw conflict(buyerAnswerTooLate(by));
}

export async function buyerAnswer(deps: AppDeps, token: string, body: BuyerNdrAnswerInput): Promise<BuyerNdrView> {
  const r = await recordOfToken(deps, token);
  if ((await buyerAnswerCount(deps, r.id)) >= BUYER_ANSWER_LIMIT)
    throw new ApiError(429, 'Too many answers from this link; please call the seller');
  let input: ActionInput;
  if (body.answer === 'DECLINE') input = { action: 'RTO', declined: true };
  else if (body.answer === 'REATTEMPT')
    input = { action: 'REATTEMPT', ...(body.preferredDate ? { reattemptDate: body.preferredDate } : {}) };
  else {
    if (!body.addressLine1 && !body.phone)
      throw badRequest(`${fieldLabel('addressLine1')} or ${fieldLabel('phone')} is required to correct your details`);
    if (body.addressLine1 && (!body.pincode || !body.landmark))
      throw badRequest(`${fieldLabel(body.pincode ? 'landmark' : 'pincode')} is required with a new address`);
    input = {
      action: body.addressLine1 ? 'CHANGE_ADDRESS' : 'CHANGE_PHONE',
      ...(body.addressLine1
        ? {
            addressLine1: body.addressLine1,
            addressLine2: body.addressLine2 ?? '',
            landmark: body.landmark!,
            pincode: body.pincode!,
          }
        : {}),
      ...(body.phone ? { phone: body.phone } : {}),
      ...(body.preferredDate ? { reattemptDate: body.preferredDate } : {}),
    };
  }
  // an answer after the NDR was settled stays on the record and is refused with 409, which the
  // buyer's page shows as "Already answered" (a 200 read as "we have told the courier")
  if (r.status !== 'ACTION_REQUIRED') return tooLate(deps, r, input);
  try {
    await actOnNdr(deps, r.id, input, { source: 'BUYER' });
  } catch (e) {
    // a seller who acted in the meantime wins; the buyer's answer stays on the record
    if (e instanceof ApiError && e.status === 409 && e.message.startsWith('This NDR was acted on already'))
      return tooLate(deps, await recordOfToken(deps, token), input);
    throw e;
  }
  return buyerView(deps, token);
}
