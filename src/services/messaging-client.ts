import { API_WHATSAPP, type WhatsAppSent } from '../domain/messaging/whatsapp-contract';
import { dataOf } from './answer';
import type { Http } from './types';

// Buyer messages sent by the seller: a free-form WhatsApp message.

/** A free-form WhatsApp message to the order's buyer (only inside the buyer's 24-hour window). */
export const sendWhatsAppMessage = (http: Http, orderId: number, text: string): Promise<WhatsAppSent> =>
  dataOf(http.post(API_WHATSAPP.orderMessage(orderId), { text }));
