import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import type { BookedDeliverySlot } from '../domain/shipping-contract';
import { bookedSlotLabel } from '../domain/shipping/hyperlocal';
import type { TrackingData } from '../domain/tracking-contract';
import {
  dateCard,
  deliveryCard,
  eddCard,
  GLOSSARY,
  ratingOpen,
  RETURN_GLOSSARY,
  showDelayedBanner,
  showSoonBanner,
} from '../domain/tracking/display';
import { FORWARD_WORDS, MSG_TRACKING, RETURN_WORDS } from '../domain/tracking/messages';
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
import { fetchTracking, rateDelivery, rateSeller, type TrackingRef } from './tracking-client';
import { trackInspector } from './inspector';
import { publicLiveUpdates } from './live-client';

// The buyer's tracking page (spec section 2), driven by the tracking-page machine: a spinner for
// at least the loading period, then the page; /error when there is nothing to show. A return's
// page (/tracking/return/{ref}) is the return variant of every block; a delivered order's page,
// opened from the buyer's own link, offers to ask for a return (loaded only then).

const ReturnRequestSection = lazy(() =>
  import('./return-request-section').then((m) => ({ default: m.ReturnRequestSection })),
);

const IST_TIME = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
});
const IST_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
});

/** The delivery card's day: weekday, day with its suffix, month and year (one date, not two). */
function DayBlock({ ymd }: { ymd: string }) {
  const d = dateCard(ymd);
  const e = eddCard(ymd);
  return (
    <div className="t-edd-day">
      <span>{d.weekday}</span>
      <strong>{e.day}</strong>
      <span>
        {e.month} {d.year}
      </span>
    </div>
  );
}

function DateCard({ label, ymd }: { label: string; ymd: string }) {
  const d = dateCard(ymd);
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
  return (
    <section className="t-card" aria-labelledby="t-slot">
      <h2 id="t-slot">{MSG_TRACKING.slotHeading}</h2>
      <p>
        <strong>{bookedSlotLabel(slot)}</strong>
      </p>
      <p className="t-small">
        {slot.riderName
          ? MSG_TRACKING.slotRider(slot.riderName, partner, delivered)
          : MSG_TRACKING.slotPartner(partner, delivered)}
      </p>
      {!delivered && <p className="t-small">{MSG_TRACKING.slotOtp}</p>}
    </section>
  );
}

function Loaded({ data, ratingKey }: { data: TrackingData; ratingKey?: string }) {
  const now = new Date();
  const config = data.accountBrandCustomisationConfig;
  // after delivery, a return to the seller (RTO) or a loss, the old estimate is not shown
  const card = deliveryCard(data.orderStatusCode, data.expectedDeliveryDate, data.deliveredDate, now);
  const trackingLine = <p>{MSG_TRACKING.trackingId(data.trackingNumber, data.carrierName)}</p>;
  const words = data.isReturn ? RETURN_WORDS : FORWARD_WORDS;
  const rateKey = ratingKey && ratingOpen(data.orderStatusCode) ? ratingKey : undefined;
  return (
    <>
      <TopBanner config={config} />
      <HeaderBar config={config} companyName={data.companyName} logoUrl={data.companyLogoUrl} />
      <main className="t-main">
        <p className="t-status">{data.orderStatusDesc}</p>
        <h1>{data.view === 'BUYER' ? words.heading(data.orderNumber) : MSG_TRACKING.lookupTitle}</h1>
        {showDelayedBanner(data.orderStatusCode, data.newExpectedDeliveryDate, now) && data.newExpectedDeliveryDate && (
          <p className="t-banner t-red" role="alert">
            Order Delayed: support has updated the expected delivery to{' '}
            {IST_DAY.format(new Date(`${data.newExpectedDeliveryDate}T00:00:00+05:30`))}
          </p>
        )}
        {card?.kind === 'expected' && card.tone === 'overdue' && (
          <p className="t-banner t-red" role="alert">
            {words.overdue(IST_DAY.format(new Date(`${card.ymd}T00:00:00+05:30`)))}
          </p>
        )}
        {card?.kind === 'expected' && (
          <>
            {/* the estimate once: its day in the card, the promised day (when the seller gave one) beside it */}
            <section className={`t-card t-edd t-${card.tone}`} aria-label="Estimated delivery">
              <DayBlock ymd={card.ymd} />
              <div className="t-edd-text">
                <p className="t-label">{words.expected}</p>
                <p>{showSoonBanner(data.orderStatusCode) ? words.soon : data.orderStatusDesc}</p>
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
          <section className="t-card t-edd t-plain" aria-label={data.orderStatusDesc}>
            <div>
              <p className="t-label">{data.orderStatusDesc}</p>
              <p>{card.kind === 'cancelled' ? words.cancelled : MSG_TRACKING[card.kind]}</p>
              {trackingLine}
            </div>
          </section>
        )}
        {!card && (
          <section className="t-card" aria-label={data.isReturn ? 'Return confirmed' : 'Order confirmed'}>
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
          <h2 id="t-journey">Shipment journey</h2>
          <p className="t-small">
            {data.carrierName} · Tracking number {data.trackingNumber}
          </p>
          {data.trackingDetails.length === 0 ? (
            <p className="t-small">{words.noScans}</p>
          ) : (
            <ol className="t-timeline" aria-label="Tracking updates" tabIndex={0}>
              {data.trackingDetails.map((s, i) => (
                <li key={`${s.scanDateTime}-${i}`}>
                  <strong>{s.scanStatus}</strong>
                  <span className="t-small">
                    {IST_TIME.format(new Date(s.scanDateTime))}
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
              <dt>Reference number</dt>
              <dd>{data.orderNumber}</dd>
              <dt>Placed on</dt>
              <dd>{IST_DAY.format(new Date(`${data.orderPlacedOn}T00:00:00+05:30`))}</dd>
              <dt>{words.personLabel}</dt>
              <dd>{data.buyerName}</dd>
              <dt>Phone</dt>
              <dd>{data.buyerPhoneNumber}</dd>
              <dt>Address</dt>
              <dd>{data.buyerAddress}</dd>
            </dl>
          </section>
        ) : (
          <section className="t-card" aria-labelledby="t-order">
            <h2 id="t-order">{words.details}</h2>
            <dl className="t-details">
              <dt>{MSG_TRACKING.destination}</dt>
              <dd>{data.destination}</dd>
            </dl>
            <p className="t-small">{MSG_TRACKING.publicOnly}</p>
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
            title={`Rate ${data.companyName}`}
            given={data.ratingGiven}
            submit={rateKey ? (score, text) => rateSeller(data.trackingNumber, rateKey, score, text) : undefined}
          />
          <RatingSection
            title="Rate your delivery experience"
            given={data.dakiyaRatingGiven}
            submit={rateKey ? (score, text) => rateDelivery(data.trackingNumber, rateKey, score, text) : undefined}
          />
        </div>
        <section className="t-card" aria-labelledby="t-glossary">
          <h2 id="t-glossary">What these words mean</h2>
          <dl className="t-details">
            {(data.isReturn ? RETURN_GLOSSARY : GLOSSARY).map((g) => (
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
}: {
  trackingRef: TrackingRef;
  ratingKey?: string;
  minimumLoadingMs?: number;
}) {
  const [machine] = useState(() =>
    trackingPageMachine.provide({
      actors: {
        fetchTracking: fromPromise<TrackingData, TrackingRef>(({ input }) => fetchTracking(input)),
        liveUpdates: publicLiveUpdates,
      },
    }),
  );
  const [state] = useMachine(machine, { input: { ref: trackingRef, minimumLoadingMs }, inspect: trackInspector() });
  useEffect(() => {
    if (state.matches('error')) window.location.replace('/error');
  }, [state]);
  if (state.matches('loaded') && state.context.data) return <Loaded data={state.context.data} ratingKey={ratingKey} />;
  return (
    <div className="t-loading" role="status" aria-live="polite">
      <span className="t-spinner" aria-hidden="true" />
      <span>Fetching your order…</span>
    </div>
  );
}
