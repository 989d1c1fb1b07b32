import {
  API_MESSAGING,
  type BuyerMessageRow,
  type MonthlyMessageCount,
  type TemplateRegistryView,
} from '../domain/messaging/messages-contract';
import { API_WHATSAPP, type WhatsAppSent } from '../domain/messaging/whatsapp-contract';
import { dataOf } from './answer';
import type { Http } from './types';

// Buyer messages: an order's message log and the monthly counts (seller), the template registrations (staff).

export const fetchOrderMessages = (http: Http, orderId: number): Promise<BuyerMessageRow[]> =>
  dataOf(http.get(API_MESSAGING.orderMessages(orderId)));

export const fetchMonthlyMessageCounts = (http: Http): Promise<MonthlyMessageCount[]> =>
  dataOf(http.get(API_MESSAGING.monthlyCounts));

export const fetchMessageTemplates = (http: Http): Promise<TemplateRegistryView> =>
  dataOf(http.get(API_MESSAGING.templates));

/** A free-form WhatsApp message to the order's buyer (only inside the buyer's 24-hour window). */
export const sendWhatsAppMessage = (http: Http, orderId: number, text: string): Promise<WhatsAppSent> =>
  dataOf(http.post(API_WHATSAPP.orderMessage(orderId), { text }));
