import { useMemo } from 'react';
import type { ShipmentInfo } from '../domain/shipping-contract';
import type { ReturnSettingsInput } from '../domain/schemas/returns';
import { invalidate } from './invalidate';
import { API_RETURNS } from '../domain/returns-contract';
import { call } from './call';
import type { ShipCover } from './use-ship-order';
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
        loadQuotes: async (returnId: number) => {
          const answer = await call(http, API_RETURNS.courierQuotes, { params: { returnId } });
          // a reassigned pickup keeps the cover it was booked with: nothing to choose again
          return reassign ? { ...answer, cover: undefined } : answer;
        },
        // a reassignment keeps the pickup's cover; a new booking sends the seller's choice
        ship: (returnId: number, carrierCode: string, key: string, cover: ShipCover): Promise<ShipmentInfo> =>
          after(
            reassign
              ? call(http, API_RETURNS.reassign, { params: { returnId }, body: { carrierCode, idempotencyKey: key } })
              : call(http, API_RETURNS.ship, {
                  params: { returnId },
                  body: { carrierCode, idempotencyKey: key, ...cover },
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
