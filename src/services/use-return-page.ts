import { useMemo } from 'react';
import type { ShipmentInfo } from '../domain/shipping-contract';
import type { ReturnSettingsInput } from '../domain/schemas/returns';
import { invalidate } from './invalidate';
import { API_RETURNS } from '../domain/returns-contract';
import { call } from './call';
import { useHttp } from './screen-services';

// The returns screens' calls, bound to the app's HTTP client: a return's page (its detail, the
// reverse pickup through the ship dialog's calls, cancel shipment, cancel, exchange), the buyers'
// requests (approve, reject) and the return settings. Each write says which areas are stale.

export function useReturnCalls() {
  const http = useHttp();
  return useMemo(() => {
    const after = async <T>(p: Promise<T>): Promise<T> => {
      const out = await p;
      invalidate('return', 'returns', 'wallet');
      return out;
    };
    return {
      fetchReturn: (returnId: number) => call(http, API_RETURNS.one, { params: { returnId } }),
      /** the ship dialog's calls for the reverse leg (book, or move to another courier) */
      shipCalls: (reassign: boolean) => ({
        loadQuotes: (returnId: number) => call(http, API_RETURNS.courierQuotes, { params: { returnId } }),
        ship: (returnId: number, carrierCode: string, key: string): Promise<ShipmentInfo> =>
          after(
            call(http, reassign ? API_RETURNS.reassign : API_RETURNS.ship, {
              params: { returnId },
              body: { carrierCode, idempotencyKey: key },
            }),
          ),
      }),
      cancelShipment: (returnId: number) => after(call(http, API_RETURNS.cancelShipment, { params: { returnId } })),
      cancelReturn: (p: { returnId: number; reason: string }) =>
        after(call(http, API_RETURNS.cancel, { params: { returnId: p.returnId }, body: { reason: p.reason } })),
      createExchange: (returnId: number) => after(call(http, API_RETURNS.exchange, { params: { returnId }, body: {} })),
      approve: async (requestId: number) => {
        const out = await call(http, API_RETURNS.approve, {
          params: { requestId },
          body: { qc: null, refundDecision: 'REFUND' },
        });
        invalidate('returns');
        return out;
      },
      reject: async (p: { requestId: number; note: string }) => {
        const out = await call(http, API_RETURNS.reject, {
          params: { requestId: p.requestId },
          body: { note: p.note },
        });
        invalidate('returns');
        return out;
      },
      fetchSettings: () => call(http, API_RETURNS.settings),
      saveSettings: (body: ReturnSettingsInput) => call(http, API_RETURNS.saveSettings, { body }),
    };
  }, [http]);
}
