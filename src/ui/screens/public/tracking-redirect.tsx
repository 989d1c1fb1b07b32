import { useEffect } from 'react';

// The buyer's tracking addresses are their own page (track.html, served by the server for these
// paths). Reached from inside the app, they load afresh once; a second time (a development
// server that answers index.html everywhere) they say where to go instead of looping.

export function TrackingRedirect() {
  const here = window.location.pathname + window.location.search;
  const key = `dakiya:track-load:${here}`;
  const first = !sessionStorage.getItem(key);
  useEffect(() => {
    if (!first) return;
    sessionStorage.setItem(key, '1');
    window.location.reload();
  }, [first, key]);
  return first ? null : (
    <main className="page">
      <p>
        The tracking page is served by the Dakiya server: open <a href={here}>{here}</a> there.
      </p>
    </main>
  );
}
