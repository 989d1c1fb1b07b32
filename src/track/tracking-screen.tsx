import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { BookedDeliverySlot } from '../domain/shipping/booked-slot';
import { bookedSlotLabel } from '../domain/shipping/hyperlocal';
import { API_TRACKING, type TrackingData } from '../domain/tracking-contract';
import type { TrackingRef } from '../domain/tracking/track-route';
import { trackingApiPath } from '../domain/tracking/tracking-api-path';
import {
  awaitingPickup,
  deliveryCard,
  ratingOpen,
  showDelayedBanner,
  showSoonBanner,
} from '../domain/tracking/display';
import { buyerDateTime, buyerDay, buyerDayParts } from '../domain/buyer-text/language';
import { useBuyerText } from './language';
import { trackingPageMachine } from '../machines/tracking-page.machine';
import {
  AdBanners,
  BrandFooter,
  HeaderBar,
  ProductCarousel,
  PromoVideo,
  SocialImages,
  TopBanner,
} from './brand-blocks';
import { RatingSection } from './rating-section';
import { PackagesSection } from './packages-section';
import { buyerCall, buyerGet } from './buyer-call';
import { trackInspector } from './inspector';
import { publicLiveUpdates } from './live-client';

// The buyer's tracking page (spec section 2), driven by the tracking-page machine: a spinner for
// at least the loading period, then the page; /error when there is nothing to show. A return's
// page (/tracking/return/{ref}) is the return variant of every block; a delivered order's page,
// opened from the buyer's own link, offers to ask for a return (loaded only then).

const ReturnRequestSection = lazy(() =>
  import('./return-request-section').then((m) => ({ default: m.ReturnRequestSection })),
);

/** Whom a rating is for: the shipment, with the key of the buyer's SMS/email link (the tracking number alone does not rate). */
const rated = (entityId: string, ratingKey: string) => ({ entityType: 'ORDER' as const, entityId, ratingKey });

/** The delivery card's day: weekday, day with its suffix, month and year (one date, not two). */
function DayBlock({ ymd }: { ymd: string }) {
  const d = buyerDayParts(ymd, useBuyerText().t);
  return (
    <div className="t-edd-day">
      <span>{d.weekday}</span>
      <strong>{d.day}</strong>
      <span>
        {d.month} {d.year}
      </span>
    </div>
  );
}

function DateCard({ label, ymd }: { label: string; ymd: string }) {
  const d = buyerDayParts(ymd, useBuyerText().t);
  return (
    <div className="t-date">
      <span className="t-label">{label}</span>
      <span>{d.weekday}</span>
      <strong>{d.day}</strong>
      <span>
        {d.month} {d.year}
      </span>
    </div>
  );
}

/** A hyperlocal delivery: the slot the seller booked, the partner's rider, and the OTP to come. */
function DeliverySlotSection({
  slot,
  partner,
  delivered,
}: {
  slot: BookedDeliverySlot;
  partner: string;
  delivered: boolean;
}) {
  const m = useBuyerText().t.tracking;
  return (
    <section className="t-card" aria-labelledby="t-slot">
      <h2 id="t-slot">{m.slotHeading}</h2>
      <p>
        <strong>{bookedSlotLabel(slot)}</strong>
      </p>
      <p className="t-small">
        {slot.riderName ? m.slotRider(slot.riderName, partner, delivered) : m.slotPartner(partner, delivered)}
      </p>
      {!delivered && <p className="t-small">{m.slotOtp}</p>}
    </section>
  );
}

function Loaded({ data, ratingKey }: { data: TrackingData; ratingKey?: string }) {
  const now = new Date();
  const config = data.accountBrandCustomisationConfig;
  // after delivery, a return to the seller (RTO) or a loss, the old estimate is not shown
  const card = deliveryCard(data.orderStatusCode, data.expectedDeliveryDate, data.deliveredDate, now);
  const { t } = useBuyerText();
  const m = t.tracking;
  const trackingLine = <p>{m.trackingId(data.trackingNumber, data.carrierName)}</p>;
  const words = data.isReturn ? t.returns : t.forward;
  // the status title in the page's language (the server's words when there is no translation)
  const statusText = t.status[data.orderStatusCode] ?? data.orderStatusDesc;
  const day = (ymd: string) => buyerDay(ymd.slice(0, 10), t);
  const rateKey = ratingKey && ratingOpen(data.orderStatusCode) ? ratingKey : undefined;
  return (
    <>
      <TopBanner config={config} />
      <HeaderBar config={config} companyName={data.companyName} logoUrl={data.companyLogoUrl} />
      <main className="t-main">
        <p className="t-status">{statusText}</p>
        <h1>{data.view === 'BUYER' ? words.heading(data.orderNumber) : m.lookupTitle}</h1>
        {showDelayedBanner(data.orderStatusCode, data.newExpectedDeliveryDate, now) && data.newExpectedDeliveryDate && (
          <p className="t-banner t-red" role="alert">
            {m.delayed(day(data.newExpectedDeliveryDate))}
          </p>
        )}
        {card?.kind === 'expected' && card.tone === 'overdue' && (
          <p className="t-banner t-red" role="alert">
            {words.overdue(day(card.ymd))}
          </p>
        )}
        {card?.kind === 'expected' && (
          <>
            {/* the estimate once: its day in the card, the promised day (when the seller gave one) beside it */}
            <section className={`t-card t-edd t-${card.tone}`} aria-label={m.estimated}>
              <DayBlock ymd={card.ymd} />
              <div className="t-edd-text">
                <p className="t-label">{words.expected}</p>
                <p>{showSoonBanner(data.orderStatusCode) ? words.soon : statusText}</p>
                {trackingLine}
              </div>
            </section>
            {data.promisedDeliveryDate && (
              <div className="t-dates">
                <DateCard label={words.promised} ymd={data.promisedDeliveryDate} />
              </div>
            )}
          </>
        )}
        {card?.kind === 'delivered' && (
          <section className="t-card t-edd t-done" aria-label={words.delivered}>
            {card.ymd && <DayBlock ymd={card.ymd} />}
            <div className="t-edd-text">
              <p className="t-label">{card.ymd ? words.deliveredOn : words.delivered}</p>
              {trackingLine}
            </div>
          </section>
        )}
        {(card?.kind === 'returning' ||
          card?.kind === 'returned' ||
          card?.kind === 'lost' ||
          card?.kind === 'cancelled') && (
          <section className="t-card t-edd t-plain" aria-label={statusText}>
            <div className="t-edd-text">
              <p className="t-label">{statusText}</p>
              <p>{card.kind === 'cancelled' ? words.cancelled : m[card.kind]}</p>
              {trackingLine}
            </div>
          </section>
        )}
        {!card && (
          <section className="t-card" aria-label={data.isReturn ? m.returnConfirmed : m.orderConfirmed}>
            <p>{words.noEdd}</p>
          </section>
        )}
        {/* on its way or delivered; a parcel going back or lost has no slot to keep */}
        {data.deliverySlot && (card?.kind === 'expected' || card?.kind === 'delivered') && (
          <DeliverySlotSection
            slot={data.deliverySlot}
            partner={data.carrierName}
            delivered={card.kind === 'delivered'}
          />
        )}
        {data.packages && <PackagesSection packages={data.packages} />}
        <section className="t-card" aria-labelledby="t-journey" hidden={!!data.packages}>
          <h2 id="t-journey">{m.journey}</h2>
          <p className="t-small">{m.journeyLine(data.carrierName, data.trackingNumber)}</p>
          {data.trackingDetails.length === 0 ? (
            <p className="t-small">{awaitingPickup(data.orderStatusCode) ? words.noScans : words.scansNotShared}</p>
          ) : (
            <ol className="t-timeline" aria-label={m.updates} tabIndex={0}>
              {data.trackingDetails.map((s, i) => (
                <li key={`${s.scanDateTime}-${i}`}>
                  <strong>{s.scanStatus}</strong>
                  <span className="t-small">
                    {buyerDateTime(s.scanDateTime, t)}
                    {s.scanLocation ? ` · ${s.scanLocation}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        {data.view === 'BUYER' ? (
          <section className="t-card" aria-labelledby="t-order">
            <h2 id="t-order">{words.details}</h2>
            <dl className="t-details">
              <dt>{m.reference}</dt>
              <dd>{data.orderNumber}</dd>
              <dt>{m.placedOn}</dt>
              <dd>{day(data.orderPlacedOn)}</dd>
              <dt>{words.personLabel}</dt>
              <dd>{data.buyerName}</dd>
              <dt>{m.phone}</dt>
              <dd>{data.buyerPhoneNumber}</dd>
              <dt>{m.address}</dt>
              <dd>{data.buyerAddress}</dd>
            </dl>
          </section>
        ) : (
          <section className="t-card" aria-labelledby="t-order">
            <h2 id="t-order">{words.details}</h2>
            <dl className="t-details">
              <dt>{m.destination}</dt>
              <dd>{data.destination}</dd>
            </dl>
            <p className="t-small">{m.publicOnly}</p>
          </section>
        )}
        {!data.isReturn && data.orderStatusCode === 'DLV' && ratingKey && (
          <Suspense fallback={null}>
            <ReturnRequestSection trackingRef={data.trackingNumber} linkKey={ratingKey} />
          </Suspense>
        )}
        <AdBanners config={config} />
        <ProductCarousel config={config} />
        <PromoVideo config={config} />
        <SocialImages config={config} />
        {/* only the buyer's own link (its rating key) rates, and only once the parcel is delivered;
            a page opened by tracking number shows given ratings read-only */}
        <div className="t-ratings">
          <RatingSection
            title={m.rateSeller(data.companyName)}
            given={data.ratingGiven}
            submit={
              rateKey
                ? (customerRating, customerFeedback) =>
                    buyerCall(API_TRACKING.customerFeedback, {
                      body: { ...rated(data.trackingNumber, rateKey), customerRating, customerFeedback },
                    })
                : undefined
            }
          />
          <RatingSection
            title={m.rateDelivery}
            given={data.dakiyaRatingGiven}
            submit={
              rateKey
                ? (dakiyaRating, dakiyaFeedback) =>
                    buyerCall(API_TRACKING.dakiyaFeedback, {
                      body: { ...rated(data.trackingNumber, rateKey), dakiyaRating, dakiyaFeedback },
                    })
                : undefined
            }
          />
        </div>
        <section className="t-card" aria-labelledby="t-glossary">
          <h2 id="t-glossary">{m.glossaryTitle}</h2>
          <dl className="t-details">
            {(data.isReturn ? t.returnGlossary : t.glossary).map((g) => (
              <div key={g.term}>
                <dt>{g.term}</dt>
                <dd>{g.meaning}</dd>
              </div>
            ))}
          </dl>
        </section>
      </main>
      <BrandFooter config={config} supportEmail={data.supportEmail} supportPhone={data.supportPhoneNumber} />
    </>
  );
}

export function TrackingScreen({
  trackingRef,
  ratingKey,
  minimumLoadingMs,
  carried,
}: {
  trackingRef: TrackingRef;
  ratingKey?: string;
  minimumLoadingMs?: number;
  /** the answer the page's HTML carried (src/domain/tracking/carried-answer.ts), when it did */
  carried?: TrackingData;
}) {
  const [machine] = useState(() =>
    trackingPageMachine.provide({
      actors: {
        // the address the page's HTML preloads (server/http/page-hints.ts), so the preload is the one used
        fetchTracking: fromPromise<TrackingData, TrackingRef>(({ input }) => buyerGet(trackingApiPath(input))),
        liveUpdates: publicLiveUpdates,
      },
    }),
  );
  const [state] = useMachine(machine, {
    input: { ref: trackingRef, minimumLoadingMs, data: carried },
    inspect: trackInspector(),
  });
  const { t } = useBuyerText();
  useEffect(() => {
    if (state.matches('error')) window.location.replace('/error');
  }, [state]);
  if (state.matches('loaded') && state.context.data) return <Loaded data={state.context.data} ratingKey={ratingKey} />;
  return (
    <div className="t-loading" role="status" aria-live="polite">
      <span className="t-spinner" aria-hidden="true" />
      <span>{t.tracking.fetching}</span>
    </div>
  );
}
