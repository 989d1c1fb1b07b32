import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { sellerNoticesMachine } from '../machines/seller-notices.machine';
import { inspector } from './inspector';
import { dismissBanner, fetchSellerNotices, markReleaseNotesViewed } from './notices-client';
import { useHttp } from './screen-services';

// The seller's banners and new release notes bound to the API.

export function useSellerNotices() {
  const http = useHttp();
  const [machine] = useState(() =>
    sellerNoticesMachine.provide({
      actors: {
        load: fromPromise(() => fetchSellerNotices(http)),
        dismiss: fromPromise(({ input }: { input: { bannerId: number } }) => dismissBanner(http, input.bannerId)),
        markViewed: fromPromise(({ input }: { input: { releaseNoteIds: number[] } }) =>
          markReleaseNotesViewed(http, input.releaseNoteIds),
        ),
      },
    }),
  );
  return useMachine(machine, { inspect: inspector() });
}
