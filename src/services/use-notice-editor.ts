import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { NoticeKind } from '../domain/notices';
import {
  noticeEditorMachine,
  type NoticeSaveRequest,
  type NoticeStatusRequest,
} from '../machines/notice-editor.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { API_NOTICES, type BannerStatus, type ReleaseNoteStatus } from '../domain/notices-contract';
import type { BannerInput, ReleaseNoteInput } from '../domain/schemas/notices';
import { call } from './call';
import type { Http } from './types';
import { useHttp } from './screen-services';

/** A banner or release note sent as the form checked it (the server checks it again). */
function saveNotice(http: Http, { kind, id, body }: NoticeSaveRequest): Promise<unknown> {
  if (kind === 'BANNER') {
    const banner = body as BannerInput;
    return id === null
      ? call(http, API_NOTICES.addBanner, { body: banner })
      : call(http, API_NOTICES.editBanner, { params: { bannerId: id }, body: banner });
  }
  const note = body as ReleaseNoteInput;
  return id === null
    ? call(http, API_NOTICES.addReleaseNote, { body: note })
    : call(http, API_NOTICES.editReleaseNote, { params: { releaseNoteId: id }, body: note });
}

/** A banner turned on or off, or a release note published or archived. */
const setNoticeStatus = (http: Http, { kind, id, status }: NoticeStatusRequest): Promise<unknown> =>
  kind === 'BANNER'
    ? call(http, API_NOTICES.bannerStatus, { params: { bannerId: id }, body: { bannerStatus: status as BannerStatus } })
    : call(http, API_NOTICES.releaseNoteStatus, {
        params: { releaseNoteId: id },
        body: { noteStatus: status as ReleaseNoteStatus },
      });

// The staff banner or release-note form bound to the API; a save or a status change makes the list read again.

export function useNoticeEditor(kind: NoticeKind) {
  const http = useHttp();
  const [machine] = useState(() =>
    noticeEditorMachine.provide({
      actors: {
        save: fromPromise(({ input }: { input: NoticeSaveRequest }) => saveNotice(http, input)),
        setStatus: fromPromise(({ input }: { input: NoticeStatusRequest }) => setNoticeStatus(http, input)),
      },
      actions: { announceSaved: () => invalidate('notices') },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input: { kind } });
}
