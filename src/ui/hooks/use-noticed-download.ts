import { useEffect } from 'react';
import { notify } from '../../services/notify';
import { useDocumentDownload } from '../../services/use-document-download';

/** The document-download actor, its failure said once in the banner, which leaves the buttons ready. */
export function useNoticedDownload() {
  const [download, send] = useDocumentDownload();
  const failure = download.matches('failed') ? download.context.error : null;
  useEffect(() => {
    if (failure) {
      notify({ kind: 'error', message: failure });
      send({ type: 'DISMISS' });
    }
  }, [failure, send]);
  return [download, send] as const;
}
