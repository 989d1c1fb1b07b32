import type { orderEvents, orderItems, orders } from '../../db/schema';
import type { OrderDetail, OrderRow } from '../../../src/domain/orders-contract';
import { allows, FORWARD_STATUSES, ORDER_ACTIONS, type ForwardStatus } from '../../../src/domain/order-status';
import { chargedWeightKg, volumetricWeightKg } from '../../../src/domain/weights';
import { rupeesOf } from '../../../src/domain/money';

// How an order reads in lists and on its own page.

type Order = typeof orders.$inferSelect;

export function toOrderRow(o: Order, itemCount: number): OrderRow {
  const dims = { lengthCm: o.lengthCm, breadthCm: o.breadthCm, heightCm: o.heightCm };
  const status = o.status as ForwardStatus;
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    status,
    statusText: FORWARD_STATUSES[status] ?? o.status,
    archived: o.archived,
    channel: o.channel,
    paymentMethod: o.paymentMethod as OrderRow['paymentMethod'],
    fulfilment: o.fulfilment as OrderRow['fulfilment'],
    orderDate: String(o.orderDate),
    buyerName: o.buyerName,
    buyerPhone: o.buyerPhone,
    city: o.shipping.city,
    state: o.shipping.state,
    pincode: o.shipping.pincode,
    totalPaise: o.totalPaise,
    codAmountPaise: o.codAmountPaise,
    itemCount,
    deadWeightKg: o.deadWeightKg,
    volWeightKg: volumetricWeightKg(dims),
    chargedWeightKg: chargedWeightKg(o.deadWeightKg, dims),
    awb: o.awb,
    carrierCode: o.carrierCode,
    escalated: o.escalatedAt !== null,
    createdAt: o.createdAt.toISOString(),
    codVerification: (o.codVerification as OrderRow['codVerification']) ?? null,
    paymentModeCode: o.paymentModeCode,
    advancePaise: o.advancePaise,
    advancePaid: o.advancePaidAt !== null,
    risk:
      o.riskScore !== null && o.riskBand !== null
        ? { score: o.riskScore, band: o.riskBand, reasons: o.riskReasons ?? [] }
        : null,
  };
}

export function toOrderDetail(
  o: Order,
  items: (typeof orderItems.$inferSelect)[],
  events: (typeof orderEvents.$inferSelect)[],
): OrderDetail {
  const status = o.status as ForwardStatus;
  return {
    ...toOrderRow(
      o,
      items.reduce((n, i) => n + i.quantity, 0),
    ),
    buyerEmail: o.buyerEmail,
    shipping: o.shipping,
    billing: o.billing,
    items: items.map((i) => ({
      productId: i.productId,
      name: i.name,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: rupeesOf(i.unitPricePaise),
      taxRatePercent: i.taxRatePercent,
      hsnCode: i.hsnCode,
    })),
    subtotalPaise: o.subtotalPaise,
    discountPaise: o.discountPaise,
    shippingChargesPaise: o.shippingChargesPaise,
    dimensions: { lengthCm: o.lengthCm, breadthCm: o.breadthCm, heightCm: o.heightCm },
    packageTypeId: o.packageTypeId,
    pickup: o.pickup,
    escalationReason: o.escalationReason,
    ...(o.splitMode ? { splitMode: o.splitMode as 'BY_ITEM' | 'BY_BOX' } : {}),
    clonedFromId: o.clonedFromId,
    history: events.map((e) => ({
      kind: e.kind,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      note: e.note,
      at: e.at.toISOString(),
    })),
    // an archived order is put away: it is unarchived before it ships
    actions: Object.fromEntries(
      // a split order ships from its packages
      ORDER_ACTIONS.map((a) => [a, allows(status, a) && !(a === 'ship' && (o.archived || o.splitMode))]),
    ) as OrderDetail['actions'],
  };
}
