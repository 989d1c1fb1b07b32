import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { initiateBody, returnableItems, standaloneBody, type ReturnToOption } from '../domain/return-draft';
import { API_RETURNS, type Photo, type Returnable } from '../domain/returns-contract';
import { API_SETUP } from '../domain/setup-contract';
import { returnInitiationMachine, type ReturnSetup } from '../machines/return-initiation.machine';
import { inspector } from './inspector';
import { newIdempotencyKey as newKey } from './idempotency-key';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import { call, sendFile } from './call';
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

/** A photo of a returned product: a multipart upload. */
const uploadReturnPhoto = (http: Http, file: Blob): Promise<Photo> =>
  sendFile(http, API_RETURNS.photos, { blob: file });

async function loadSetup(http: Http, orderId: number | null): Promise<ReturnSetup> {
  const reasonsCall = call(http, API_RETURNS.reasons);
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
  const [reasons, returnable] = await Promise.all([
    reasonsCall,
    call(http, API_RETURNS.returnable, { params: { orderId } }),
  ]);
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
              ? await call(http, API_RETURNS.standalone, {
                  body: { ...standaloneBody(input.draft), idempotencyKey: input.idempotencyKey },
                })
              : await call(http, API_RETURNS.initiate, {
                  body: { ...initiateBody(input.draft), idempotencyKey: input.idempotencyKey },
                });
          invalidate('returns', 'order');
          return { returnId: detail.returnId, returnNumber: detail.returnNumber };
        }),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { orderId, idempotencyKey: newKey() } });
}
