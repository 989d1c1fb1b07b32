// The one vocabulary of template variables (MSG91's ##name##) and parameters (WhatsApp's {{n}}).
// Operators name a template's variables from this list, in the template's order; names match
// without regard to case. The product fills each from its own data, as described here.

export const MESSAGE_VARIABLES = [
  'brand',
  'buyer',
  'order',
  'status',
  'link',
  'amount',
  'reason',
  'awb',
  'courier',
  'date',
  'otp',
  'minutes',
] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

export const MESSAGE_VARIABLE_SOURCES: Record<MessageVariable, string> = {
  brand: 'The seller’s company name as on their account',
  buyer: 'The buyer’s name on the order',
  order: 'The order number the seller gave the order',
  status: 'The shipment’s status in words (e.g. “Out for Delivery”)',
  link: 'The buyer’s link: tracking page, NDR answer page, COD confirmation or payment page',
  amount: 'The amount in rupees with the ₹ sign (COD amount or advance)',
  reason: 'Why the delivery failed, or why a return was declined, in words',
  awb: 'The courier’s tracking number (AWB)',
  courier: 'The courier’s name',
  date: 'A date in IST as dd MMM yyyy (expected delivery or pickup date)',
  otp: 'The one-time code the buyer gives the courier',
  minutes: 'How many minutes the code or link stays valid',
};

/** Values the product has for one message, by variable. */
export type MessageValues = Partial<Record<MessageVariable, string>>;

/** The vocabulary's name for what an operator wrote ("Order", "ORDER" → order), or null. */
export function variableOf(name: string): MessageVariable | null {
  const lower = name.trim().toLowerCase();
  return (MESSAGE_VARIABLES as readonly string[]).includes(lower) ? (lower as MessageVariable) : null;
}
