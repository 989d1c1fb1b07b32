import { formatDate } from '../../../domain/format';
import { fetchPublishedNotes } from '../../../services/notices-client';
import { useHttp } from '../../../services/screen-services';
import { useRequest } from '../../hooks/use-request';
import { Card, Loadable } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /whats-new: every published release note, newest first.

export function WhatsNewScreen() {
  const http = useHttp();
  const notes = useRequest(() => fetchPublishedNotes(http), { load: true });
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>What&apos;s new</h1>
          <p>What changed in Dakiya, newest first.</p>
        </header>
        <Loadable loading={notes.loading} error={notes.error} onRetry={() => notes.run()}>
          {() =>
            notes.data?.length ? (
              notes.data.map((n) => (
                <Card key={n.releaseNoteId} className="stack" aria-labelledby={`note-${n.releaseNoteId}`}>
                  <h2 id={`note-${n.releaseNoteId}`}>{n.title}</h2>
                  <p className="muted small-print">{formatDate(n.publishedAt)}</p>
                  <p className="release-note-body">{n.body}</p>
                </Card>
              ))
            ) : (
              <Card>No release notes yet.</Card>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}
