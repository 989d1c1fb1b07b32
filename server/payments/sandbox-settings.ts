// Where the sandbox gateway is served and the merchant settings it signs with: shared by the
// gateway's pages and the payments setup that points the PhonePe adapter at it.

export const SANDBOX_BASE = '/sandbox-gateway';

export interface SandboxSettings {
  merchantId: string;
  saltKey: string;
  saltIndex: string;
}
