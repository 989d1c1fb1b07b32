import { Link } from 'react-router-dom';
import { formatDate } from '../../../domain/format';
import type { SellerBanner } from '../../../domain/notices-contract';
import { useSellerNotices } from '../../../services/use-seller-notices';
import { Button, Dialog } from '../../kit';

// The platform's banners for this seller's plan above every page (each closable for good), and
// the release notes published since this login last looked, in a dialog once. Behaviour: the
// seller-notices machine.

function BannerLink({ link }: { link: string }) {
  if (link.startsWith('/'))
    return (
      <Link to={link} className="notice-banner-link">
        Open
      </Link>
    );
  return (
    <a href={link} className="notice-banner-link" target="_blank" rel="noreferrer">
      Open
    </a>
  );
}

function Banner({ banner, onDismiss }: { banner: SellerBanner; onDismiss: () => void }) {
  return (
    <div
      className={`notice-banner notice-banner-${banner.tone}`}
      role={banner.tone === 'critical' ? 'alert' : 'status'}
      data-testid="seller-banner"
    >
      <span>{banner.message}</span>
      {banner.link && <BannerLink link={banner.link} />}
      <Button variant="ghost" className="btn-small" aria-label={`Close banner: ${banner.message}`} onClick={onDismiss}>
        ×
      </Button>
    </div>
  );
}

export function SellerNotices() {
  const [state, send] = useSellerNotices();
  const { banners, notes, error } = state.context;
  const notesOpen = state.matches({ showing: { notes: 'open' } });
  return (
    <>
      {(banners.length > 0 || error) && (
        <div className="notice-banners" aria-label="Announcements" role="region">
          {banners.map((b) => (
            <Banner key={b.bannerId} banner={b} onDismiss={() => send({ type: 'DISMISS', bannerId: b.bannerId })} />
          ))}
          {error && <p className="field-error">{error}</p>}
        </div>
      )}
      <Dialog
        open={notesOpen}
        onOpenChange={(open) => !open && send({ type: 'CLOSE_NOTES' })}
        title="What's new"
        description="Changes since you last signed in"
      >
        <div className="stack">
          {notes.map((n) => (
            <article key={n.releaseNoteId} className="stack">
              <h3>{n.title}</h3>
              <p className="muted small-print">{formatDate(n.publishedAt)}</p>
              <p className="release-note-body">{n.body}</p>
            </article>
          ))}
          <div className="row">
            <Button onClick={() => send({ type: 'CLOSE_NOTES' })}>Got it</Button>
            <Link to="/whats-new" onClick={() => send({ type: 'CLOSE_NOTES' })}>
              All release notes
            </Link>
          </div>
        </div>
      </Dialog>
    </>
  );
}
