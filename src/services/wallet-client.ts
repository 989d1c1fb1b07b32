import {
  API_WALLET,
  type CreditLimitAnswer,
  type CreditLimitChangeRow,
  type MonthStatement,
  type StaffWalletRow,
  type WalletAdjustmentAnswer,
  type WalletAdjustmentRow,
  type CouponQuote,
  type CouponRow,
  type MonthInvoiceRow,
  type PaymentResult,
  type PaymentRow,
  type PaymentStart,
  type WalletSummary,
} from '../domain/wallet-contract';
import type { PaymentRequest } from '../machines/payment-popup.machine';
import type { StaffWalletRequest } from '../machines/staff-wallet-form.machine';
import { dataOf } from './answer';
import { rawCall } from './http';
import type { Http } from './types';

// The wallet's calls (src/domain/wallet-contract.ts).

export const fetchWallet = (http: Http): Promise<WalletSummary> => dataOf(http.get(API_WALLET.wallet));
export const fetchCoupons = (http: Http): Promise<CouponRow[]> => dataOf(http.get(API_WALLET.coupons));
export const applyCoupon = (http: Http, couponCode: string, rechargeAmount: number): Promise<CouponQuote> =>
  dataOf(http.put(API_WALLET.couponApply, { couponCode, rechargeAmount }));
export const startPayment = (http: Http, request: PaymentRequest): Promise<PaymentStart> =>
  dataOf(http.post(API_WALLET.payments, request));
export const fetchPayment = (http: Http, merchantTransactionId: string): Promise<PaymentRow> =>
  dataOf(http.get(API_WALLET.payment(merchantTransactionId)));
export const cancelPayment = (http: Http, merchantTransactionId: string): Promise<PaymentRow> =>
  dataOf(http.delete(API_WALLET.payment(merchantTransactionId)));

export const fetchInvoiceMonths = (http: Http): Promise<MonthInvoiceRow[]> => dataOf(http.get(API_WALLET.invoices));
export const downloadInvoicePdf = (http: Http, month: string): Promise<Blob> =>
  http.download(API_WALLET.invoicePdf(month));
export const downloadItemisedSheet = (http: Http, month: string): Promise<Blob> =>
  http.download(API_WALLET.itemisedSheet(month));

/** The monthly statement (IST month yyyy-mm), and its PDF or CSV. */
export const fetchStatement = (http: Http, month: string): Promise<MonthStatement> =>
  dataOf(http.get(API_WALLET.statement(month)));
export const downloadStatement = (http: Http, month: string, format: 'pdf' | 'csv'): Promise<Blob> =>
  http.download(format === 'pdf' ? API_WALLET.statementPdf(month) : API_WALLET.statementCsv(month));

// staff: one seller's wallet, its audits, and the two forms
export const fetchStaffWallet = (http: Http, orgId: number): Promise<StaffWalletRow> =>
  dataOf(http.get(API_WALLET.sellerWallet(orgId)));
export const fetchAdjustments = (http: Http, orgId: number): Promise<WalletAdjustmentRow[]> =>
  dataOf(http.get(API_WALLET.adjust(orgId)));
export const fetchCreditLimitChanges = (http: Http, orgId: number): Promise<CreditLimitChangeRow[]> =>
  dataOf(http.get(API_WALLET.creditLimit(orgId)));
export const submitStaffWalletForm = (
  http: Http,
  r: StaffWalletRequest,
): Promise<CreditLimitAnswer | WalletAdjustmentAnswer> =>
  r.mode === 'LIMIT'
    ? dataOf(http.put(API_WALLET.creditLimit(r.orgId), r.body))
    : dataOf(http.post(API_WALLET.adjust(r.orgId), r.body));

/** The payment-result page is public (it runs in the popup, maybe without a session). */
export const paymentStatus = (gateway: string, merchantTransactionId: string): Promise<PaymentResult> =>
  dataOf(rawCall(API_WALLET.paymentStatus(gateway), { method: 'put', json: { merchantTransactionId } }));

/** What the result page posts to its opener window. */
export const PAYMENT_MESSAGE = 'dakiya-payment-result';
export interface PaymentMessage {
  type: typeof PAYMENT_MESSAGE;
  merchantTransactionId: string;
  result: PaymentResult;
}
