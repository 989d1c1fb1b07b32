import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { sellerNoticesMachine } from '../machines/seller-notices.machine';
import { inspector } from './inspector';
import { API_NOTICES } from '../domain/notices-contract';
import { call } from './call';
import { useHttp } from './screen-services';

// The seller's banners and new release notes bound to the API.

export function useSellerNotices() {
  const http = useHttp();
  const [machine] = useState(() =>
    sellerNoticesMachine.provide({
      actors: {
        load: fromPromise(async () => {
          const [banners, notes] = await Promise.all([
            call(http, API_NOTICES.sellerBanners),
            call(http, API_NOTICES.activeReleaseNotes),
          ]);
          return { banners, notes };
        }),
        dismiss: fromPromise<unknown, { bannerId: number }>(({ input }) =>
          call(http, API_NOTICES.dismissBanner, { params: { bannerId: input.bannerId } }),
        ),
        markViewed: fromPromise<unknown, { releaseNoteIds: number[] }>(({ input }) =>
          call(http, API_NOTICES.markReleaseNotesViewed, { body: { releaseNoteIds: input.releaseNoteIds } }),
        ),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
