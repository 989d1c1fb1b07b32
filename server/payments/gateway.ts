// One interface for every payment gateway. The wallet knows only this; PhonePe and Razorpay
// adapters follow their public documents, and the sandbox gateway (served by this server when no
// real gateway is configured) answers in PhonePe's shapes.

export type GatewayName = 'phonepe' | 'razorpay';
export const GATEWAYS: readonly GatewayName[] = ['phonepe', 'razorpay'];

export interface StartPayment {
  merchantTransactionId: string;
  amountPaise: number;
  /** our account reference for the payer (never personal data) */
  merchantUserId: string;
  /** where the payer's browser returns: /payment/{gateway}/redirect?merchantTransactionId=… */
  redirectUrl: string;
  /** where the gateway posts its server-to-server result */
  callbackUrl: string;
  /**
   * What the payer pays for, in their words ("Order MC-1001 from Meera Crafts"): the hosted page
   * shows it (Razorpay's order description; PhonePe's page names the merchant only).
   */
  description: string;
}

export interface StartedPayment {
  /** the page the payment popup opens */
  url: string;
  /** the gateway's own order reference, when it has one (Razorpay order id) */
  gatewayOrderId: string | null;
}

export type GatewayState = 'SUCCESS' | 'FAILED' | 'PENDING';

export interface PaymentStatus {
  state: GatewayState;
  /** what the gateway says was paid; compared with our own amount before any credit */
  amountPaise: number;
  /** the gateway's payment id: the ledger's once-only key */
  gatewayPaymentId: string | null;
  detail: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** true when the gateway is the built-in sandbox */
  readonly sandbox: boolean;
  start(p: StartPayment): Promise<StartedPayment>;
  /** the gateway's word on a payment, asked server to server */
  status(merchantTransactionId: string, gatewayOrderId: string | null): Promise<PaymentStatus>;
  /** the transaction a server-to-server callback speaks of, when its signature holds; else null */
  verifyCallback(headers: Headers, rawBody: string): { merchantTransactionId: string; eventId: string } | null;
  /** a cheap call that shows whether the gateway answers */
  health(): Promise<boolean>;
}
