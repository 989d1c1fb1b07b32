// The events a seller's webhook endpoint can take (src/domain/open-api-contract.ts).

/** Every event a webhook endpoint can take, with the words the settings page shows. */
export const WEBHOOK_EVENTS = {
  'order.created': 'Order created',
  'shipment.booked': 'Shipment booked',
  'order.status_changed': 'Order status changed',
  'ndr.raised': 'NDR raised',
  'order.delivered': 'Delivered',
  'order.rto': 'RTO',
  'return.created': 'Return created',
  'return.status_changed': 'Return status changed',
  'payout.paid': 'COD payout paid',
  'discrepancy.raised': 'Weight discrepancy raised',
} as const;
export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as WebhookEventType[];
