import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { MAX_RETURN_PHOTOS, offerItems } from '../domain/return-draft';
import { RETURN_TRACKING_PAGE, type BuyerReturnOffer, type Photo } from '../domain/returns-contract';
import type { BuyerReturnRequestInput } from '../domain/schemas/returns';
import { returnRequestMachine } from '../machines/return-request.machine';
import { fetchReturnOffer, requestReturn, uploadBuyerReturnPhoto } from './return-request-client';
import { trackInspector } from './inspector';

// "Request a return" on the tracking page of a delivered order (issue "Returns"), driven by the
// return-request machine: offered within the seller's return window from the buyer's own link;
// items, reason and photos; then the request waiting, then the seller's decision.

const IST_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});
const day = (ymd: string) => IST_DAY.format(new Date(`${ymd.slice(0, 10)}T00:00:00+05:30`));

export function ReturnRequestSection({ trackingRef, linkKey }: { trackingRef: string; linkKey: string }) {
  const [machine] = useState(() =>
    returnRequestMachine.provide({
      actors: {
        loadRequest: fromPromise<BuyerReturnOffer, { trackingRef: string; key: string }>(({ input }) =>
          fetchReturnOffer(input.trackingRef, input.key),
        ),
        uploadPhoto: fromPromise<Photo, { trackingRef: string; key: string; file: Blob }>(({ input }) =>
          uploadBuyerReturnPhoto(input.trackingRef, input.key, input.file),
        ),
        sendRequest: fromPromise<BuyerReturnOffer, { trackingRef: string; body: BuyerReturnRequestInput }>(
          ({ input }) => requestReturn(input.trackingRef, input.body),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { trackingRef, key: linkKey }, inspect: trackInspector() });
  const ctx = state.context;
  const offer = ctx.offer;
  if (state.matches('loading') || state.matches('unavailable') || !offer) return null;
  const items = offerItems(offer);
  const reason = offer.reasons.find((r) => r.code === ctx.reason);
  const request = offer.request;
  return (
    <section className="t-card t-return" aria-labelledby="t-return">
      <h2 id="t-return">Return</h2>
      {state.matches('offered') && (
        <>
          <p>
            {offer.lastDay
              ? `You can ask to return this order until ${day(offer.lastDay)}.`
              : 'You can ask to return this order.'}
          </p>
          <button type="button" className="t-button" onClick={() => send({ type: 'START' })}>
            Request a return
          </button>
        </>
      )}
      {state.matches({ asking: 'items' }) && (
        <fieldset className="t-form">
          <legend>What do you want to return?</legend>
          {items.map((i) => (
            <label key={i.key} className="t-field">
              <span>
                {i.name} (up to {i.ordered})
              </span>
              <input
                type="number"
                min={0}
                max={i.ordered}
                value={ctx.quantities[i.key] ?? 0}
                onChange={(e) => send({ type: 'SET_QUANTITY', key: i.key, quantity: Number(e.target.value) })}
              />
            </label>
          ))}
        </fieldset>
      )}
      {state.matches({ asking: 'reason' }) && (
        <div className="t-form">
          <label className="t-field">
            <span>Why are you returning it?</span>
            <select value={ctx.reason ?? ''} onChange={(e) => send({ type: 'CHOOSE_REASON', reason: e.target.value })}>
              <option value="">Choose a reason</option>
              {offer.reasons.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.label}
                </option>
              ))}
            </select>
          </label>
          {reason && reason.subReasons.length > 0 && (
            <label className="t-field">
              <span>What exactly?</span>
              <select
                value={ctx.subReason ?? ''}
                onChange={(e) => send({ type: 'CHOOSE_SUB_REASON', subReason: e.target.value })}
              >
                <option value="">Choose one</option>
                {reason.subReasons.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="t-field">
            <span>Anything to add? (optional)</span>
            <textarea
              rows={3}
              maxLength={500}
              value={ctx.comment}
              onChange={(e) => send({ type: 'SET_COMMENT', comment: e.target.value })}
            />
          </label>
        </div>
      )}
      {(state.matches({ asking: 'photos' }) || state.matches({ asking: 'uploading' })) && (
        <div className="t-form">
          <label className="t-field">
            <span>Photos of the product (optional, up to {MAX_RETURN_PHOTOS})</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={state.matches({ asking: 'uploading' }) || ctx.photos.length >= MAX_RETURN_PHOTOS}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) send({ type: 'ADD_PHOTO', file });
                e.target.value = '';
              }}
            />
          </label>
          {state.matches({ asking: 'uploading' }) && <p role="status">Uploading…</p>}
          {ctx.photos.length > 0 && (
            <ul className="t-photos">
              {ctx.photos.map((p, i) => (
                <li key={p.fileId}>
                  <img src={p.url} alt={`Your photo ${i + 1}`} width={56} height={56} />
                  <button
                    type="button"
                    className="t-link"
                    onClick={() => send({ type: 'REMOVE_PHOTO', fileId: p.fileId })}
                    aria-label={`Remove photo ${i + 1}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {ctx.problem && (
        <p className="t-banner t-red" role="alert">
          {ctx.problem}
        </p>
      )}
      {state.matches('failed') && (
        <div className="t-form">
          <p className="t-banner t-red" role="alert">
            {ctx.error}
          </p>
          <div className="t-actions">
            <button type="button" className="t-button" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </button>
            <button type="button" className="t-link" onClick={() => send({ type: 'BACK' })}>
              Change it
            </button>
          </div>
        </div>
      )}
      {state.matches('asking') && (
        <div className="t-actions">
          {!state.matches({ asking: 'items' }) && (
            <button type="button" className="t-link" onClick={() => send({ type: 'BACK' })}>
              Back
            </button>
          )}
          {state.matches({ asking: 'photos' }) || state.matches({ asking: 'uploading' }) ? (
            <button
              type="button"
              className="t-button"
              disabled={state.matches({ asking: 'uploading' })}
              onClick={() => send({ type: 'SUBMIT' })}
            >
              Send request
            </button>
          ) : (
            <button type="button" className="t-button" onClick={() => send({ type: 'NEXT' })}>
              Next
            </button>
          )}
          <button type="button" className="t-link" onClick={() => send({ type: 'CANCEL' })}>
            Cancel
          </button>
        </div>
      )}
      {state.matches('sending') && <p role="status">Sending your request…</p>}
      {(state.matches('sent') || state.matches('checking')) && request && (
        <>
          <p role="status">
            Your return request is with {offer.companyName}. We will tell you by SMS and email when they decide.
          </p>
          <button
            type="button"
            className="t-link"
            disabled={state.matches('checking')}
            onClick={() => send({ type: 'REFRESH' })}
          >
            Check again
          </button>
        </>
      )}
      {state.matches('decided') && request && (
        <div role="status">
          {request.state === 'APPROVED' ? (
            <>
              <p>
                <strong>Return approved.</strong> The courier will come to collect it.
              </p>
              {request.returnTrackingNumber && (
                <p>
                  <a href={RETURN_TRACKING_PAGE(request.returnTrackingNumber)}>Track your return</a>
                </p>
              )}
            </>
          ) : (
            <p>
              <strong>Return not accepted.</strong> {request.decisionNote}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
