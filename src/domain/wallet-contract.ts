// Paths and shapes of the wallet and payments area (issue "Wallet and payments").

export const API_WALLET = {
  wallet: '/api/v1/wallet', // GET → WalletSummary
  history: '/api/v1/wallet/history', // GET paged: fromDate, toDate (yyyy-mm-dd, IST), type, searchPattern → Paged<WalletEntryRow>; /export for CSV
  coupons: '/api/v1/wallet/coupons', // GET → CouponRow[] (active)
  couponValidate: '/api/v1/wallet/coupons/validate', // POST { couponCode, rechargeAmount } → CouponQuote
  couponApply: '/api/v1/wallet/coupons/apply', // PUT { couponCode, rechargeAmount } → CouponQuote
  payments: '/api/v1/wallet/payments', // POST { rechargeAmount, couponCode?, gateway? } → PaymentStart
  payment: (txn: string) => `/api/v1/wallet/payments/${txn}`, // GET → PaymentRow; DELETE cancels a pending payment
  gatewaysHealth: '/api/v1/wallet/gateways/health', // GET → GatewayHealth[]
  shippingCharges: '/api/v1/wallet/shipping-charges', // GET paged by shipment (AWB) → Paged<ShipmentChargesRow>; /export for CSV
  invoices: '/api/v1/wallet/invoices', // GET → MonthInvoiceRow[] (months with wallet activity, newest first)
  invoicePdf: (month: string) => `/api/v1/wallet/invoices/${month}/invoice.pdf`, // GET tax invoice of the month's charges
  itemisedSheet: (month: string) => `/api/v1/wallet/invoices/${month}/itemised.csv`, // GET every wallet line of the month
  // public: the payment-result page (the spec's public base) and the gateways' server-to-server calls
  paymentStatus: (gateway: string) => `/rest/v1/payments/${gateway}/status`, // PUT { merchantTransactionId } → PaymentResult
  paymentCallback: (gateway: string) => `/api/v1/payments/${gateway}/callback`, // POST from the gateway
  // staff
  adjust: (orgId: number | string) => `/api/v1/corporate/wallets/${orgId}/adjustments`, // POST { direction, amount, reason } → { entryId, balancePaise, adjustment }; GET → WalletAdjustmentRow[]
  creditLimit: (orgId: number | string) => `/api/v1/corporate/wallets/${orgId}/credit-limit`, // PUT { creditLimit } (rupees; 0 = prepaid)
} as const;

export const RECHARGE = {
  minRupees: 100,
  maxRupees: 500_000,
  quickPicks: [500, 1000, 2000, 5000, 10000],
} as const;

/** A staff hand adjustment: at most this many rupees at once, always with a reason. */
export const ADJUSTMENT = { maxRupees: 500_000, reasonMin: 5, reasonMax: 200 } as const;

/** The audit record of one staff adjustment. */
export interface WalletAdjustmentRow {
  id: number;
  entryId: number;
  direction: 'DEBIT' | 'CREDIT';
  amountPaise: number;
  reason: string;
  staffAccountId: number;
  staffEmail: string;
  balanceBeforePaise: number;
  balanceAfterPaise: number;
  createdAt: string;
}

export interface WalletSummary {
  balancePaise: number;
  creditLimitPaise: number;
  postpaid: boolean;
  limits: { minRupees: number; maxRupees: number; quickPicks: readonly number[] };
  gateways: { gateway: string; label: string; sandbox: boolean }[];
}

export interface CouponRow {
  couponCode: string;
  description: string;
  category: string;
  minRecharge: number;
  validUntil: string;
}

export interface CouponQuote {
  couponCode: string;
  bonusPaise: number;
  message: string;
}

export interface PaymentStart {
  paymentOrderId: string;
  merchantTransactionId: string;
  url: string;
  gateway: string;
  amountPaise: number;
  bonusPaise: number;
}

export type PaymentState = 'PENDING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';

export interface PaymentRow {
  merchantTransactionId: string;
  gateway: string;
  amountPaise: number;
  bonusPaise: number;
  couponCode: string | null;
  status: PaymentState;
  detail: string;
  createdAt: string;
  settledAt: string | null;
}

/** Spec section 3, "Payment status response data": success, amount (rupees), source DAKIYA. */
export interface PaymentResult {
  success: boolean;
  status: PaymentState;
  amount: number;
  source: 'DAKIYA';
  date: string;
}

export interface WalletEntryRow {
  entryId: number;
  kind: string;
  label: string;
  reference: string;
  description: string;
  /** signed: positive added to the wallet */
  amountPaise: number;
  balanceAfterPaise: number;
  createdAt: string;
}

export interface GatewayHealth {
  gateway: string;
  configured: boolean;
  sandbox: boolean;
  healthy: boolean;
  latencyMs: number | null;
}

/** One shipment's charges from the wallet (paise). */
export interface ShipmentChargesRow {
  awb: string;
  freightPaise: number;
  codPaise: number;
  rtoPaise: number;
  weightPaise: number;
  refundsPaise: number;
  netPaise: number;
  lastChargedAt: string;
}

export interface MonthInvoiceRow {
  month: string;
  invoiceNumber: string;
  rechargesPaise: number;
  chargesPaise: number;
  refundsPaise: number;
}
