import { API_NOTICES } from '../../../domain/notices-contract';
import { formatDate } from '../../../domain/format';
import { useOperation } from '../../hooks/use-operation';
import { Card, Loadable } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /whats-new: every published release note, newest first.

export function WhatsNewScreen() {
  const notes = useOperation(API_NOTICES.publishedReleaseNotes, {}, { load: true });
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
