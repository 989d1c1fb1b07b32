import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { MAX_RETURN_PHOTOS, offerItems } from '../domain/return-draft';
import { RETURN_TRACKING_PAGE, type BuyerReturnOffer, type Photo } from '../domain/returns-contract';
import type { BuyerReturnRequestInput } from '../domain/schemas/returns';
import { returnRequestMachine } from '../machines/return-request.machine';
import { fetchReturnOffer, requestReturn, uploadBuyerReturnPhoto } from './return-request-client';
import { trackInspector } from './inspector';
import { useBuyerText } from './language';
import { buyerDay, failureInWords } from '../domain/buyer-text/language';
import { returnProblemText, RETURN_TEXT } from '../domain/buyer-text/returns';

// "Request a return" on the tracking page of a delivered order (issue "Returns"), driven by the
// return-request machine: offered within the seller's return window from the buyer's own link;
// items, reason and photos; then the request waiting, then the seller's decision. In English or
// Hindi, as the tracking page around it.

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
  const { t, lang } = useBuyerText();
  const w = RETURN_TEXT[lang];
  /** a reason's or sub-reason's words: the server's in English, ours by its code in Hindi */
  const said = (table: Record<string, string>, option: { code: string; label: string }) =>
    lang === 'en' ? option.label : (table[option.code] ?? option.label);
  const offer = ctx.offer;
  if (state.matches('loading') || state.matches('unavailable') || !offer) return null;
  const items = offerItems(offer);
  const reason = offer.reasons.find((r) => r.code === ctx.reason);
  const request = offer.request;
  return (
    <section className="t-card t-return" aria-labelledby="t-return">
      <h2 id="t-return">{w.heading}</h2>
      {state.matches('offered') && (
        <>
          <p>{offer.lastDay ? w.mayReturnUntil(buyerDay(offer.lastDay.slice(0, 10), t)) : w.mayReturn}</p>
          <button type="button" className="t-button" onClick={() => send({ type: 'START' })}>
            {w.request}
          </button>
        </>
      )}
      {state.matches({ asking: 'items' }) && (
        <fieldset className="t-form">
          <legend>{w.whatItems}</legend>
          {items.map((i) => (
            <label key={i.key} className="t-field">
              <span>{w.upTo(i.name, i.ordered)}</span>
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
            <span>{w.why}</span>
            <select value={ctx.reason ?? ''} onChange={(e) => send({ type: 'CHOOSE_REASON', reason: e.target.value })}>
              <option value="">{w.chooseReason}</option>
              {offer.reasons.map((r) => (
                <option key={r.code} value={r.code}>
                  {said(w.reasons, r)}
                </option>
              ))}
            </select>
          </label>
          {reason && reason.subReasons.length > 0 && (
            <label className="t-field">
              <span>{w.whatExactly}</span>
              <select
                value={ctx.subReason ?? ''}
                onChange={(e) => send({ type: 'CHOOSE_SUB_REASON', subReason: e.target.value })}
              >
                <option value="">{w.chooseOne}</option>
                {reason.subReasons.map((r) => (
                  <option key={r.code} value={r.code}>
                    {said(w.subReasons, r)}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="t-field">
            <span>{w.comment}</span>
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
            <span>{w.photos(MAX_RETURN_PHOTOS)}</span>
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
          {state.matches({ asking: 'uploading' }) && <p role="status">{w.uploading}</p>}
          {ctx.photos.length > 0 && (
            <ul className="t-photos">
              {ctx.photos.map((p, i) => (
                <li key={p.fileId}>
                  <img src={p.url} alt={w.yourPhoto(i + 1)} width={56} height={56} />
                  <button
                    type="button"
                    className="t-link"
                    onClick={() => send({ type: 'REMOVE_PHOTO', fileId: p.fileId })}
                    aria-label={w.removePhoto(i + 1)}
                  >
                    {w.remove}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {ctx.problem && (
        <p className="t-banner t-red" role="alert">
          {failureInWords(returnProblemText(ctx.problem, w), t)}
        </p>
      )}
      {state.matches('failed') && (
        <div className="t-form">
          <p className="t-banner t-red" role="alert">
            {ctx.error && failureInWords(ctx.error, t)}
          </p>
          <div className="t-actions">
            <button type="button" className="t-button" onClick={() => send({ type: 'RETRY' })}>
              {t.common.tryAgain}
            </button>
            <button type="button" className="t-link" onClick={() => send({ type: 'BACK' })}>
              {w.changeIt}
            </button>
          </div>
        </div>
      )}
      {state.matches('asking') && (
        <div className="t-actions">
          {!state.matches({ asking: 'items' }) && (
            <button type="button" className="t-link" onClick={() => send({ type: 'BACK' })}>
              {t.common.back}
            </button>
          )}
          {state.matches({ asking: 'photos' }) || state.matches({ asking: 'uploading' }) ? (
            <button
              type="button"
              className="t-button"
              disabled={state.matches({ asking: 'uploading' })}
              onClick={() => send({ type: 'SUBMIT' })}
            >
              {w.send}
            </button>
          ) : (
            <button type="button" className="t-button" onClick={() => send({ type: 'NEXT' })}>
              {w.next}
            </button>
          )}
          <button type="button" className="t-link" onClick={() => send({ type: 'CANCEL' })}>
            {w.cancel}
          </button>
        </div>
      )}
      {state.matches('sending') && <p role="status">{w.sending}</p>}
      {(state.matches('sent') || state.matches('checking')) && request && (
        <>
          <p role="status">{w.withSeller(offer.companyName)}</p>
          <button
            type="button"
            className="t-link"
            disabled={state.matches('checking')}
            onClick={() => send({ type: 'REFRESH' })}
          >
            {w.checkAgain}
          </button>
        </>
      )}
      {state.matches('decided') && request && (
        <div role="status">
          {request.state === 'APPROVED' ? (
            <>
              <p>
                <strong>{w.approved}</strong> {w.approvedText}
              </p>
              {request.returnTrackingNumber && (
                <p>
                  <a href={RETURN_TRACKING_PAGE(request.returnTrackingNumber)}>{w.trackReturn}</a>
                </p>
              )}
            </>
          ) : (
            <p>
              <strong>{w.notAccepted}</strong> {request.decisionNote}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
