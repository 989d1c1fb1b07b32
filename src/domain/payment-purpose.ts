// What a payer pays for, in the words the gateway's page shows them. A buyer paying a seller's
// order reads the seller's name and the order, never the platform's wallet.

export const PAYMENT_PURPOSE = {
  walletRecharge: 'Recharge of your Dakiya wallet',
  codPayNow: (orderNumber: string, seller: string) => `Paying ${seller} for order ${orderNumber}`,
  advance: (orderNumber: string, seller: string) => `Advance to ${seller} for order ${orderNumber}`,
} as const;
