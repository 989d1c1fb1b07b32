// The kinds of message Dakiya sends a buyer. Each kind is registered once per channel with the
// operator (a DLT template on MSG91, an approved template on WhatsApp); a kind with no template
// for a channel is not sent on that channel.

export const MESSAGE_KINDS = [
  'tracking_update',
  'out_for_delivery',
  'ndr_action',
  'cod_confirmation',
  'otp',
  'return_pickup',
  'return_decision',
  'rating_request',
  'advance_payment',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  tracking_update: 'Tracking update',
  out_for_delivery: 'Out for delivery',
  ndr_action: 'Failed delivery: choose what next',
  cod_confirmation: 'Cash-on-delivery confirmation',
  otp: 'Delivery OTP',
  return_pickup: 'Return pickup booked',
  return_decision: 'Return request decided',
  rating_request: 'Delivered: rate your order',
  advance_payment: 'Advance payment link',
};

/** Where each kind comes from in the product, for staff and the docs. */
export const MESSAGE_KIND_SOURCES: Record<MessageKind, string> = {
  tracking_update: 'A shipment moves (picked up, in transit, returning…) and the seller has that event on',
  out_for_delivery: 'The courier takes the parcel out for delivery',
  ndr_action: 'A delivery attempt fails: the link to re-attempt or correct the address',
  cod_confirmation: 'A cash-on-delivery order waits for the buyer to confirm it',
  otp: 'A hyperlocal delivery needs the buyer’s one-time code',
  return_pickup: 'A return’s pickup is booked with a courier',
  return_decision: 'The seller approves or declines the buyer’s return request',
  rating_request: 'The parcel is delivered: the tracking link lets the buyer rate it',
  advance_payment: 'The seller asks the buyer to pay a COD order’s advance',
};

export const MESSAGE_CHANNELS = ['SMS', 'WHATSAPP', 'EMAIL'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = {
  SMS: 'SMS',
  WHATSAPP: 'WhatsApp',
  EMAIL: 'Email',
};

/** Channels that need an operator's template registration (email is the product's own text). */
export const TEMPLATED_CHANNELS = ['SMS', 'WHATSAPP'] as const;
export type TemplatedChannel = (typeof TEMPLATED_CHANNELS)[number];

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not delivered',
};

export const MESSAGE_LANGUAGES = ['en', 'hi'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];
export const MESSAGE_LANGUAGE_LABELS: Record<MessageLanguage, string> = { en: 'English', hi: 'हिन्दी (Hindi)' };

export function isMessageKind(s: string): s is MessageKind {
  return (MESSAGE_KINDS as readonly string[]).includes(s);
}

/** The kind of a tracking event's message: delivery asks for a rating, the rest are updates. */
export function kindOfTrackingEvent(event: string): MessageKind {
  if (event === 'OFD') return 'out_for_delivery';
  if (event === 'NDR') return 'ndr_action';
  if (event === 'DLV') return 'rating_request';
  return 'tracking_update';
}
