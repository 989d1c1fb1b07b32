import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { documentTemplatesMachine, type TemplateCall } from '../machines/document-templates.machine';
import { API_DOCUMENT_TEMPLATES } from '../domain/document-templates-contract';
import type { DocumentTemplates } from '../domain/documents/template-settings';
import { call } from './call';
import { inspector } from './inspector';
import { useHttp } from './screen-services';

// The document templates page: its machine bound to the area's calls. A preview is the first page
// of the drawn PDF as an image, kept as an object URL the page shows; each is let go when the next replaces it or the page closes.

export function useDocumentTemplates() {
  const http = useHttp();
  const [machine] = useState(() =>
    documentTemplatesMachine.provide({
      actors: {
        load: fromPromise(() => call(http, API_DOCUMENT_TEMPLATES.templates)),
        // the machine holds the kind's settings as its form has them; the server checks them
        save: fromPromise(({ input }: { input: TemplateCall }) =>
          call(http, API_DOCUMENT_TEMPLATES.save[input.kind], {
            body: input.settings as DocumentTemplates[typeof input.kind] as never,
          }),
        ),
        preview: fromPromise(async ({ input }: { input: TemplateCall }) => {
          if (input.kind === 'POD') throw new Error('a proof of delivery has no preview');
          const image = await call(http, API_DOCUMENT_TEMPLATES.previewImage[input.kind], {
            body: input.settings as never,
          });
          return URL.createObjectURL(image);
        }),
      },
      actions: {
        releasePreview: ({ context }) => {
          if (context.previewUrl) URL.revokeObjectURL(context.previewUrl);
        },
      },
    }),
  );
  const [snapshot, send, actor] = useMachine(machine, { inspect: inspector() });
  useEffect(
    () => () => {
      const url = actor.getSnapshot().context.previewUrl;
      if (url) URL.revokeObjectURL(url);
    },
    [actor],
  );
  return [snapshot, send] as const;
}
