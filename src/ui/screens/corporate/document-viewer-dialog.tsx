import type { SnapshotFrom } from 'xstate';
import {
  viewerShape,
  type documentViewerMachine,
  type DocumentViewerEvent,
} from '../../../machines/document-viewer.machine';
import { Alert, Button, buttonClass, Dialog, Spinner } from '../../kit';

// A private document inside the page: a picture for an image, the browser's own viewer in a
// frame for a PDF, with a link to save a copy. Renders the document-viewer machine.

type Snapshot = SnapshotFrom<typeof documentViewerMachine>;

export function DocumentViewerDialog({ state, send }: { state: Snapshot; send: (e: DocumentViewerEvent) => void }) {
  const { document: d, objectUrl, error } = state.context;
  if (!d || state.matches('closed')) return null;
  const shape = viewerShape(d.contentType);
  const close = () => send({ type: 'CLOSE' });
  return (
    <Dialog open onOpenChange={(o) => !o && close()} title={d.label} description={d.name} wide>
      {state.matches('loading') && (
        <div className="document-view">
          <Spinner label={`Opening ${d.label}`} />
        </div>
      )}
      {state.matches('failed') && (
        <div className="stack">
          <Alert>{error}</Alert>
          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </div>
      )}
      {state.matches('showing') && objectUrl && (
        <div className="document-view">
          {shape === 'PDF' ? (
            <iframe className="document-view-frame" src={objectUrl} title={`${d.label}: ${d.name}`} />
          ) : (
            <img className="document-view-image" src={objectUrl} alt={`${d.label}: ${d.name}`} />
          )}
        </div>
      )}
      <div className="row dialog-actions">
        {state.matches('showing') && objectUrl && (
          <a className={buttonClass('secondary')} href={objectUrl} download={d.name}>
            Download <span className="sr-only">{d.name}</span>
          </a>
        )}
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
