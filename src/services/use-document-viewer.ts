import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { documentViewerMachine, viewerShape, type ViewedDocument } from '../machines/document-viewer.machine';
import { inspector } from './inspector';
import { useHttp } from './screen-services';

// The document viewer bound to the API: a private file (a KYC document) read with the session's
// token into a local blob: address the page shows, let go when the viewer closes, shows another
// or leaves the page. The blob's type is set here from the kind of viewer, never taken from the
// bytes: a PDF frame only ever holds application/pdf, and anything else is drawn as a picture.

function localType(d: ViewedDocument): string {
  if (viewerShape(d.contentType) === 'PDF') return 'application/pdf';
  return /^image\/(jpeg|png|webp)$/.test(d.contentType) ? d.contentType : 'application/octet-stream';
}

export function useDocumentViewer() {
  const http = useHttp();
  const [machine] = useState(() =>
    documentViewerMachine.provide({
      actors: {
        load: fromPromise(async ({ input, signal }: { input: ViewedDocument; signal: AbortSignal }) => {
          const blob = await http.download(input.url);
          // closed, or another opened, while it was read: nothing is kept
          if (signal.aborted) throw new Error('closed');
          return URL.createObjectURL(new Blob([blob], { type: localType(input) }));
        }),
      },
      actions: {
        release: ({ context }) => {
          if (context.objectUrl) URL.revokeObjectURL(context.objectUrl);
        },
      },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, { inspect: inspector() });
  useEffect(
    () => () => {
      const url = actor.getSnapshot().context.objectUrl;
      if (url) URL.revokeObjectURL(url);
    },
    [actor],
  );
  return [snapshot, send] as const;
}
