import type { ReactNode } from 'react';
import results from '../../../../bench/results/intelligence.json';
import { formatDate } from '../../../domain/format';
import { readMeasuredFigures, type RtoBand } from '../../../domain/promises/measured-figures';
import { RISK_BANDS } from '../../../domain/risk/bands';
import { PROMISE_BASIS_TEXT } from '../../../domain/promises/promise-contract';
import type { PromiseFigures } from '../../../domain/promises/promise-figures';
import { Card, DataTable, Stat } from '../../kit';
import { PublicFrame } from './public-frame';

// The public page of what Dakiya's delivery dates and RTO risk scores are worth, as last measured
// on held-out sandbox shipments (bench/results/intelligence.json, read when the app is built).
// A figure the measurement does not hold says so; none is filled in.

const figures = readMeasuredFigures(results);
const NOT_MEASURED = 'Not measured yet';

const pct = (x: number | undefined, digits = 1) => (x === undefined ? NOT_MEASURED : `${(x * 100).toFixed(digits)} %`);
const count = (x: number | undefined) => (x === undefined ? NOT_MEASURED : x.toLocaleString('en-IN'));
const ms = (x: number | undefined) =>
  x === undefined ? NOT_MEASURED : x >= 1000 ? `${(x / 1000).toFixed(1)} s` : `${x.toLocaleString('en-IN')} ms`;
const fixed = (x: number | undefined, digits: number, unit = '') =>
  x === undefined ? NOT_MEASURED : `${x.toFixed(digits)}${unit}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card aria-labelledby={id} className="stack">
      <h2 id={id}>{title}</h2>
      {children}
    </Card>
  );
}

function DeliveryDates() {
  const p = figures.promises;
  const earlier = p.meanDaysEarlier;
  return (
    <Section id="promises-dates" title="Delivery dates">
      <p className="m-0">
        Each courier quote carries a “delivered by” date from that lane’s own history: the courier, your district and
        the buyer’s pincode or district, counted in working days from the day the parcel leaves you (after the pickup
        cut-off, the next day; no Sundays). The date is set so that nine parcels in ten arrive by it; with too little
        history on the lane, the courier’s published days for the zone are used.
      </p>
      <div className="grid-stats">
        <Stat label="Delivered by the promised date" value={pct(p.hitRate)} />
        <Stat label="By the zone table’s date" value={pct(p.zoneTableHitRate)} />
        <Stat
          label="Days earlier than the zone table, on average"
          value={earlier === undefined ? NOT_MEASURED : `${earlier.toFixed(2)} days`}
        />
        <Stat label="Time to promise one shipment" value={fixed(p.promiseMsPerShipment, 3, ' ms')} />
      </div>
      <DataTable<PromiseFigures['byBasis'][number]>
        caption="Where promises come from"
        rows={p.byBasis ?? []}
        rowKey={(r) => r.basis}
        empty={NOT_MEASURED}
        columns={[
          { header: 'History used', cell: (r) => PROMISE_BASIS_TEXT[r.basis] ?? r.basis },
          { header: 'Share of promises', cell: (r) => pct(r.share) },
          { header: 'Delivered by the date', cell: (r) => (r.share > 0 ? pct(r.hitRate) : '—') },
        ]}
      />
      <dl className="stack">
        <div>
          <dt>Shipments in the history</dt>
          <dd>{count(p.historyShipments)}</dd>
        </div>
        <div>
          <dt>Learnt from (earlier) / checked on (later)</dt>
          <dd>
            {count(p.fittedShipments)} / {count(p.heldOutShipments)}
          </dd>
        </div>
        <div>
          <dt>Time to learn the lanes</dt>
          <dd>{ms(p.fitMs)}</dd>
        </div>
        <div>
          <dt>Measured on</dt>
          <dd>{p.measuredAt ? formatDate(p.measuredAt) : NOT_MEASURED}</dd>
        </div>
      </dl>
    </Section>
  );
}

function RtoRisk() {
  const r = figures.rto;
  return (
    <Section id="promises-rto" title="RTO risk">
      <p className="m-0">
        Each order’s chance of coming back (RTO) is scored before you ship it. How well the score ranks returned orders
        above delivered ones (AUC: 0.5 is a coin toss, 1 is perfect), beside today’s rules and the best any score could
        do on the same orders:
      </p>
      <div className="grid-stats">
        <Stat label="AUC of the score" value={fixed(r.auc?.model, 3)} />
        <Stat label="AUC of today’s rules" value={fixed(r.auc?.rules, 3)} />
        <Stat label="Best possible AUC" value={fixed(r.auc?.best, 3)} />
        <Stat label="Time to score one order" value={fixed(r.scoreMsPerOrder, 3, ' ms')} />
      </div>
      <DataTable<RtoBand>
        caption="Predicted against observed RTO share, by band"
        rows={r.bands ?? []}
        rowKey={(b) => b.band}
        empty={NOT_MEASURED}
        columns={[
          { header: 'Band', cell: (b) => RISK_BANDS[b.band as keyof typeof RISK_BANDS] ?? b.band },
          { header: 'Predicted RTO', cell: (b) => pct(b.predicted) },
          { header: 'Observed RTO', cell: (b) => pct(b.observed) },
          { header: 'Orders', cell: (b) => count(b.orders) },
        ]}
      />
      <dl className="stack">
        <div>
          <dt>Orders checked on</dt>
          <dd>{count(r.heldOutOrders)}</dd>
        </div>
        <div>
          <dt>Time to train</dt>
          <dd>{ms(r.trainMs)}</dd>
        </div>
      </dl>
    </Section>
  );
}

export function PromisesScreen() {
  return (
    <PublicFrame>
      <div className="page-head">
        <h1>What our delivery dates and RTO scores are worth</h1>
        <p>Measured on shipments held out from learning, in Dakiya’s sandbox courier network</p>
      </div>
      <div className="stack">
        <DeliveryDates />
        <RtoRisk />
      </div>
    </PublicFrame>
  );
}
