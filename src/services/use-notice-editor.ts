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
import { saveNotice, setNoticeStatus } from './notices-client';
import { useHttp } from './screen-services';

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
