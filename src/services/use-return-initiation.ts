import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { initiateBody, returnableItems, standaloneBody, type ReturnToOption } from '../domain/return-draft';
import type { Returnable } from '../domain/returns-contract';
import { API_SETUP } from '../domain/setup-contract';
import { returnInitiationMachine, type ReturnSetup } from '../machines/return-initiation.machine';
import { inspector } from './inspector';
import { newIdempotencyKey as newKey } from './idempotency-key';
import { invalidate } from './invalidate';
import {
  createStandaloneReturn,
  fetchReturnable,
  fetchReturnReasons,
  initiateReturn,
  uploadReturnPhoto,
} from './returns-client';
import { useHttp } from './screen-services';
import { call } from './call';
import type { Http } from './types';

// The "Initiate return" dialog's one binding: a delivered order's returnable items and return-to
// places (or, for a standalone return, the seller's pickup addresses and warehouses), GET reasons,
// photo uploads, and the create call; a created return makes the returns list and the order stale.

const ALL = { pageNumber: 0, recordsPerPage: 100, searchPattern: '', sortOrder: 'ASC' as const };

const placeLine = (r: Returnable['returnToOptions'][number]): ReturnToOption => ({
  kind: r.kind,
  id: r.id,
  label: `${r.entityName}, ${r.city} ${r.pincode}`,
});

async function sellerPlaces(http: Http): Promise<ReturnToOption[]> {
  const [addresses, warehouses] = await Promise.all([
    call(http, API_SETUP.addresses, { query: { ...ALL, sortBy: 'entityName' } }),
    call(http, API_SETUP.warehouses, { query: { ...ALL, sortBy: 'warehouseName' } }),
  ]);
  return [
    ...addresses.items.map((a) => ({
      kind: 'PICKUP_ADDRESS' as const,
      id: a.addressId,
      label: `${a.entityName}, ${a.city} ${a.pincode}`,
    })),
    ...warehouses.items.map((w) => ({
      kind: 'WAREHOUSE' as const,
      id: w.warehouseId,
      label: `${w.warehouseName} (warehouse), ${w.city} ${w.pincode}`,
    })),
  ];
}

async function loadSetup(http: Http, orderId: number | null): Promise<ReturnSetup> {
  const reasonsCall = fetchReturnReasons(http);
  if (orderId === null) {
    const [reasons, places] = await Promise.all([reasonsCall, sellerPlaces(http)]);
    return {
      items: [],
      reasons: reasons.reasons,
      returnToOptions: places,
      qcChecks: reasons.qcChecks,
      pickupLine: null,
    };
  }
  const [reasons, returnable] = await Promise.all([reasonsCall, fetchReturnable(http, orderId)]);
  if (!returnable.returnable) throw { status: 409, message: returnable.reason };
  const p = returnable.pickup;
  return {
    items: returnableItems(returnable),
    reasons: reasons.reasons,
    returnToOptions: returnable.returnToOptions.map(placeLine),
    qcChecks: reasons.qcChecks,
    pickupLine: `${p.name}, ${[p.line1, p.line2, p.city, p.state, p.pincode].filter(Boolean).join(', ')}`,
  };
}

export function useReturnInitiation(orderId: number | null) {
  const http = useHttp();
  const [machine] = useState(() =>
    returnInitiationMachine.provide({
      actors: {
        loadSetup: fromPromise(({ input }) => loadSetup(http, input.orderId)),
        uploadPhoto: fromPromise(({ input }) => uploadReturnPhoto(http, input.file)),
        createReturn: fromPromise(async ({ input }) => {
          const detail =
            input.draft.orderId === null
              ? await createStandaloneReturn(http, {
                  ...standaloneBody(input.draft),
                  idempotencyKey: input.idempotencyKey,
                })
              : await initiateReturn(http, { ...initiateBody(input.draft), idempotencyKey: input.idempotencyKey });
          invalidate('returns', 'order');
          return { returnId: detail.returnId, returnNumber: detail.returnNumber };
        }),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orderId, idempotencyKey: newKey() } });
}
