import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { CARRIERS } from '../domain/shipping/carriers';
import { COURIER_LOGOS, distinctLogos, logoSrc } from '../domain/logos';
import { API_TRACKING, type TrackingLookup } from '../domain/tracking-contract';
import { trackingLookupMachine } from '../machines/tracking-lookup.machine';
import { buyerCall } from './buyer-call';
import { trackInspector } from './inspector';
import { useBuyerText } from './language';
import { BUYER_EN } from '../domain/buyer-text/en';

// The tracking-number lookup (spec section 2): one input, Track with a spinner, then the
// tracking page or 'Invalid tracking number entered'; 'Our logistic partners' run past below.

/** Each courier partner's logo once (its services share it). */
const PARTNERS = distinctLogos(CARRIERS.filter((c) => !c.b2b).map((c) => COURIER_LOGOS[c.code]));

export function LookupScreen() {
  const [machine] = useState(() =>
    trackingLookupMachine.provide({
      actors: {
        lookup: fromPromise<TrackingLookup, { trackingNumber: string }>(({ input }) =>
          buyerCall(API_TRACKING.lookup, { query: input }),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect: trackInspector() });
  const { target, error, trackingNumber } = state.context;
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  const loading = state.matches('loading') || state.matches('redirect');
  const m = useBuyerText().t.tracking;
  return (
    <main className="t-main t-lookup">
      <h1>{m.lookupTitle}</h1>
      <p className="t-small">{m.lookupSubtitle}</p>
      <form
        className="t-card"
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'TRACK' });
        }}
      >
        <label className="t-field">
          <span>{m.lookupPrompt}</span>
          <input
            value={trackingNumber}
            onChange={(e) => send({ type: 'TYPE', value: e.target.value })}
            placeholder={m.lookupHint}
            aria-describedby="t-hint"
            autoComplete="off"
            inputMode="text"
            disabled={loading}
          />
        </label>
        <p id="t-hint" className="t-small">
          {m.lookupHint}
        </p>
        {error && (
          <p className="t-error" role="alert">
            {/* the machine's refusal in the page's language */}
            {error === BUYER_EN.tracking.invalidNumber ? m.invalidNumber : error}
          </p>
        )}
        <button type="submit" className="t-button" disabled={loading}>
          {loading && <span className="t-spinner t-spinner-small" aria-hidden="true" />} {m.track}
        </button>
      </form>
      <section aria-labelledby="t-partners" className="t-partners">
        <h2 id="t-partners">{m.partners}</h2>
        <div className="t-marquee">
          <div className="t-marquee-track">
            {[...PARTNERS, ...PARTNERS].map((logo, i) => {
              // the second round is the loop's seam: seen, not read twice
              const copy = i >= PARTNERS.length;
              return (
                <span key={i} aria-hidden={copy || undefined}>
                  <img src={logoSrc(logo)} alt={copy ? '' : logo.name} height={36} />
                </span>
              );
            })}
          </div>
        </div>
      </section>
      <section className="t-card t-pitch">
        <h2>{m.pitchTitle}</h2>
        <p>
          {m.pitch} <a href="/signup">{m.pitchLink}</a>.
        </p>
      </section>
    </main>
  );
}
