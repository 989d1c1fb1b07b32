// The buyer messages a seller turns on or off: the shipment events, then the messages that follow
// no shipment event, each with a setting of its own.

export const NOTIFIED_EVENTS = ['PKP_SCH', 'PKD', 'INT', 'OFD', 'NDR', 'DLV', 'RTO_INT', 'RTO_DLV'] as const;
export type NotifiedEvent = (typeof NOTIFIED_EVENTS)[number];

/** Buyer messages that follow no shipment event, each with a setting of its own. */
export const OTHER_BUYER_MESSAGES = ['COD_CONFIRMATION', 'RETURN_UPDATES', 'ADVANCE_PAYMENT', 'DELIVERY_OTP'] as const;
export type OtherBuyerMessage = (typeof OTHER_BUYER_MESSAGES)[number];
export const OTHER_BUYER_MESSAGE_LABELS: Record<OtherBuyerMessage, string> = {
  COD_CONFIRMATION: 'Cash-on-delivery confirmation',
  RETURN_UPDATES: 'Return request and pickup',
  ADVANCE_PAYMENT: 'Advance payment link',
  DELIVERY_OTP: 'Delivery OTP (hyperlocal)',
};
/** Every buyer-message setting: the shipment events, then the other messages. */
export const BUYER_MESSAGE_SETTINGS = [...NOTIFIED_EVENTS, ...OTHER_BUYER_MESSAGES] as const;
export type BuyerMessageSetting = (typeof BUYER_MESSAGE_SETTINGS)[number];
