import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { documentTemplatesMachine, type TemplateCall } from '../machines/document-templates.machine';
import {
  fetchDocumentTemplates,
  previewDocumentTemplateImage,
  saveDocumentTemplate,
} from './document-templates-client';
import { inspector } from './inspector';
import { useHttp } from './screen-services';

// The document templates page: its machine bound to the area's calls. A preview is the first page
// of the drawn PDF as an image, kept as an object URL the page shows; each is let go when the next replaces it or the page closes.

export function useDocumentTemplates() {
  const http = useHttp();
  const [machine] = useState(() =>
    documentTemplatesMachine.provide({
      actors: {
        load: fromPromise(() => fetchDocumentTemplates(http)),
        save: fromPromise(({ input }: { input: TemplateCall }) =>
          saveDocumentTemplate(http, input.kind, input.settings),
        ),
        preview: fromPromise(async ({ input }: { input: TemplateCall }) =>
          URL.createObjectURL(await previewDocumentTemplateImage(http, input.kind, input.settings)),
        ),
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
