import { useMemo } from 'react';
import type { ShipmentInfo } from '../domain/shipping-contract';
import type { ReturnSettingsInput } from '../domain/schemas/returns';
import { invalidate } from './invalidate';
import {
  approveReturnRequest,
  cancelReturn,
  cancelReturnShipment,
  createExchange,
  fetchReturn,
  fetchReturnSettings,
  fetchReverseQuotes,
  rejectReturnRequest,
  reassignReturn,
  saveReturnSettings,
  shipReturn,
} from './returns-client';
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
      fetchReturn: (returnId: number) => fetchReturn(http, returnId),
      /** the ship dialog's calls for the reverse leg (book, or move to another courier) */
      shipCalls: (reassign: boolean) => ({
        loadQuotes: (returnId: number) => fetchReverseQuotes(http, returnId),
        ship: (returnId: number, carrierCode: string, key: string): Promise<ShipmentInfo> =>
          after(
            reassign ? reassignReturn(http, returnId, carrierCode, key) : shipReturn(http, returnId, carrierCode, key),
          ),
      }),
      cancelShipment: (returnId: number) => after(cancelReturnShipment(http, returnId)),
      cancelReturn: (p: { returnId: number; reason: string }) => after(cancelReturn(http, p.returnId, p.reason)),
      createExchange: (returnId: number) => after(createExchange(http, returnId)),
      approve: async (requestId: number) => {
        const out = await approveReturnRequest(http, requestId);
        invalidate('returns');
        return out;
      },
      reject: async (p: { requestId: number; note: string }) => {
        const out = await rejectReturnRequest(http, p.requestId, p.note);
        invalidate('returns');
        return out;
      },
      fetchSettings: () => fetchReturnSettings(http),
      saveSettings: (body: ReturnSettingsInput) => saveReturnSettings(http, body),
    };
  }, [http]);
}
