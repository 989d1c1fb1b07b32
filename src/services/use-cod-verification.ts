import { useMemo } from 'react';
import type { VerificationSettingsInput } from '../domain/schemas/cod-verification';
import { invalidate } from './invalidate';
import {
  fetchOrderVerification,
  fetchVerificationSettings,
  resendVerificationLink,
  saveVerificationSettings,
  shipWithoutConfirmation,
} from './cod-verification-client';
import { useHttp } from './screen-services';

// COD verification's calls bound to the app's HTTP client; an override makes the order shippable,
// so the order's page reads it again.

export function useCodVerificationCalls() {
  const http = useHttp();
  return useMemo(
    () => ({
      fetchSettings: () => fetchVerificationSettings(http),
      saveSettings: (body: VerificationSettingsInput) => saveVerificationSettings(http, body),
      fetchOrder: (orderId: number) => fetchOrderVerification(http, orderId),
      resend: (orderId: number) => resendVerificationLink(http, orderId),
      override: async (orderId: number) => {
        const out = await shipWithoutConfirmation(http, orderId);
        invalidate('order', 'orders');
        return out;
      },
    }),
    [http],
  );
}
