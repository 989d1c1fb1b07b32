import { useState } from 'react';
import { useParams } from 'react-router-dom';
import type { B2bInvoiceRow, B2bOrderDetail } from '../../../domain/b2b-contract';
import { B2B_GST_PERCENT } from '../../../domain/b2b/rate-card';
import { b2bMissingEwayBills, ewayBillWarning } from '../../../domain/b2b/shipment-rules';
import { formatDate, formatDateTime, formatPhone, formatRupees } from '../../../domain/format';
import type { B2bShipmentContext } from '../../../machines/b2b-shipment.machine';
import type { EwayBillChangeDraft, EwayBillChangeMode } from '../../../machines/eway-bill-change.machine';
import type { B2bDocument } from '../../../services/use-document-download';
import { useB2bShipment } from '../../../services/use-b2b-shipment';
import { useNoticedDownload } from '../../hooks/use-noticed-download';
import { useNow } from '../../hooks/use-now';
import { Alert, Badge, Button, Card, ConfirmDialog, FormDialog, Spinner, TextField } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { SellerShell } from '../shell/seller-shell';
import { CarrierQuote, ChargeLines } from './quote-table';
import { EwayBillChangeDialog } from './eway-bill-change-dialog';
import { B2bPickupDialog } from './b2b-pickup-dialog';
import { InvoiceGoodsTable } from './invoice-goods-table';

// /b2b/orders/:orderId: the consignment (parties, boxes, invoices with their goods lines and e-way
// bills: validity, a warning near expiry, Part B and extension in their own dialog), then
// what it needs next: an e-way bill per invoice, a carrier from the quotes, the booking (a
// pending one shows as being booked), then the LR with its box numbers, documents, the first-mile
// pickup (asked for in its own dialog) and tracking at LR level. The b2b-shipment machine holds the flow; this only draws it.

function Parties({ o }: { o: B2bOrderDetail }) {
  const party = (title: string, p: B2bOrderDetail['origin'] | B2bOrderDetail['consignee']) => (
    <section aria-label={title} className="stack">
      <h3>{title}</h3>
      <p>
        <strong>{p.businessName}</strong>
        {p.gstin && <span className="small-print"> · GSTIN {p.gstin}</span>}
        <br />
        {p.addressLine1}
        {p.addressLine2 && `, ${p.addressLine2}`}
        <br />
        {p.city}, {p.state} {p.pincode}
        <br />
        {p.contactName && `${p.contactName} · `}
        {formatPhone(p.contactPhone)}
      </p>
    </section>
  );
  return (
    <Card className="grid-2">
      {party('From', o.origin)}
      {party('To', o.consignee)}
    </Card>
  );
}

function Boxes({ o }: { o: B2bOrderDetail }) {
  return (
    <Card className="stack">
      <h2>Boxes</h2>
      <p>
        {o.goodsDescription} · {o.boxCount} boxes · {o.freightPayerText} · {o.riskText} · {o.handoverText}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="sr-only">Box sizes</caption>
          <thead>
            <tr>
              <th scope="col">Size (cm)</th>
              <th scope="col">Weight of a box</th>
              <th scope="col">Boxes</th>
            </tr>
          </thead>
          <tbody>
            {o.boxes.map((b, i) => (
              <tr key={i}>
                <td>
                  {b.lengthCm} × {b.breadthCm} × {b.heightCm}
                </td>
                <td>{b.weightKg} kg</td>
                <td>{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {o.appointment && (
        <p>
          Delivery appointment on {formatDate(o.appointment.appointmentDate)}, {o.appointment.slotStart}–
          {o.appointment.slotEnd}
          {o.appointment.poNumbers.length > 0 && ` · PO ${o.appointment.poNumbers.join(', ')}`}
        </p>
      )}
    </Card>
  );
}

/** What the Part B or extension dialog starts with: the origin's place and state, the bill's vehicle. */
function changeDraft(o: B2bOrderDetail, invoice: B2bInvoiceRow): EwayBillChangeDraft {
  return {
    transMode: 'ROAD',
    vehicleNumber: invoice.ewayBill?.vehicleNumber ?? '',
    transportDocNumber: '',
    transportDocDate: '',
    place: o.origin.city,
    state: o.origin.state,
    pincode: o.origin.pincode,
    reason: '',
    remarks: '',
    remainingDistance: '',
  };
}

function Invoices({
  o,
  offer,
  onGenerate,
  onEnter,
  onChange,
}: {
  o: B2bOrderDetail;
  offer: boolean;
  onGenerate: (invoiceId: number) => void;
  onEnter: (invoiceId: number) => void;
  onChange: (invoice: B2bInvoiceRow, mode: EwayBillChangeMode) => void;
}) {
  const now = useNow(60_000);
  const missing = new Set(b2bMissingEwayBills(o).map((i) => i.invoiceId));
  const settled = ['DLV', 'CAN'].includes(o.status);
  return (
    <Card className="stack">
      <h2>Invoices and e-way bills</h2>
      <p className="small-print">{o.ewayBillMessage}</p>
      {o.invoices.map((i) => {
        const bill = i.ewayBill;
        const warning = bill && ewayBillWarning(bill, now, settled);
        return (
          <section key={i.invoiceId} aria-label={`Invoice ${i.invoiceNumber}`} className="stack">
            <h3>
              Invoice {i.invoiceNumber}{' '}
              <span className="small-print">
                {formatDate(i.invoiceDate)} · {formatRupees(i.invoiceValuePaise)} with GST
              </span>
            </h3>
            {bill ? (
              <div className="stack">
                <p>
                  E-way bill <span className="awb">{bill.ewayBillNumber}</span>{' '}
                  <Badge tone={bill.status === 'ACT' ? 'success' : 'danger'}>{bill.statusText}</Badge>
                  <br />
                  <span className="small-print">
                    {bill.sourceText}
                    {bill.expiresAt
                      ? ` · valid until ${formatDateTime(bill.expiresAt)} IST`
                      : ` · ${bill.validityText}`}
                    {bill.vehicleNumber ? ` · vehicle ${bill.vehicleNumber}` : ` · ${bill.partBText}`}
                  </span>
                </p>
                {warning && (
                  <Alert tone="warning">
                    E-way bill {bill.ewayBillNumber}: {warning}
                  </Alert>
                )}
                {!settled && ['ACT', 'EXP'].includes(bill.status) && (
                  <div className="row">
                    {bill.status === 'ACT' && (
                      <Button variant="secondary" onClick={() => onChange(i, 'PART_B')}>
                        Update Part B of {i.invoiceNumber}
                      </Button>
                    )}
                    <Button variant="secondary" onClick={() => onChange(i, 'EXTEND')}>
                      Extend e-way bill of {i.invoiceNumber}
                    </Button>
                  </div>
                )}
              </div>
            ) : (
              <p>E-way bill: {o.ewayBillRequired ? 'needed before booking' : 'not needed'}</p>
            )}
            {offer && missing.has(i.invoiceId) && (
              <div className="row">
                <Button variant="secondary" onClick={() => onGenerate(i.invoiceId)}>
                  Generate e-way bill for {i.invoiceNumber}
                </Button>
                <Button variant="ghost" onClick={() => onEnter(i.invoiceId)}>
                  Enter a number for {i.invoiceNumber}
                </Button>
              </div>
            )}
            <InvoiceGoodsTable invoice={i} />
          </section>
        );
      })}
    </Card>
  );
}

const DOCUMENTS: [B2bDocument, string][] = [
  ['LR', 'Download LR'],
  ['BOX_LABELS', 'Download box labels'],
  ['INVOICES', 'Download invoices'],
];

/** A first-mile order's pickup: the one asked for, and the action to ask for one. */
function Pickup({ o, onRequest }: { o: B2bOrderDetail; onRequest: () => void }) {
  const p = o.pickup;
  if (o.handover !== 'PICKUP') return null;
  return (
    <section aria-label="Pickup" className="stack">
      <h3>Pickup</h3>
      {p ? (
        <p>
          {p.whenText}{' '}
          <Badge tone={p.status === 'LAPSED' || p.status === 'CANCELLED' ? 'warning' : 'success'}>{p.statusText}</Badge>
          <br />
          <span className="small-print">
            {p.carrierName} pickup <span className="awb">{p.carrierPickupId}</span> · {p.boxCount} boxes ·{' '}
            {p.weightKg.toLocaleString('en-IN')} kg
          </span>
        </p>
      ) : (
        <p className="small-print">The carrier collects the boxes from {o.origin.warehouseName} once you ask.</p>
      )}
      {o.actions.requestPickup && (
        <div className="row">
          <Button variant="secondary" onClick={onRequest}>
            Request pickup
          </Button>
        </div>
      )}
    </section>
  );
}

function Booked({
  o,
  onCancel,
  cancellable,
  onRequestPickup,
}: {
  o: B2bOrderDetail;
  onCancel: () => void;
  cancellable: boolean;
  onRequestPickup: () => void;
}) {
  const [download, send] = useNoticedDownload();
  const busy = download.matches('downloading');
  const get = (document: B2bDocument) =>
    send({
      type: 'DOWNLOAD',
      kind: 'B2B_DOCUMENT',
      params: { orderId: o.orderId, orderNumber: o.orderNumber, document },
    });
  const b = o.booking;
  return (
    <Card className="stack">
      <h2>Booking</h2>
      <p>
        {b.carrierName} · LR <span className="awb">{b.lrNumber}</span>
        {b.bookedAt && <span className="small-print"> · booked {formatDateTime(b.bookedAt)}</span>}
      </p>
      {b.totalPaise !== null && b.lines.length > 0 && (
        <ChargeLines
          caption="The booked quote"
          lines={b.lines}
          gst={b.gstPaise === null ? undefined : { percent: B2B_GST_PERCENT, paise: b.gstPaise }}
          totalPaise={b.totalPaise}
        />
      )}
      <div className="row">
        {o.actions.documents &&
          DOCUMENTS.map(([doc, label]) => (
            <Button key={doc} variant="secondary" busy={busy} disabled={busy} onClick={() => get(doc)}>
              {label}
            </Button>
          ))}
        {o.status === 'DLV' && (
          <Button variant="secondary" busy={busy} disabled={busy} onClick={() => get('POD')}>
            Download proof of delivery
          </Button>
        )}
        {cancellable && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel booking
          </Button>
        )}
      </div>
      <Pickup o={o} onRequest={onRequestPickup} />
      {o.boxNumbers.length > 0 && (
        <details>
          <summary>Box numbers ({o.boxNumbers.length})</summary>
          <ul className="list-plain">
            {o.boxNumbers.map((n) => (
              <li key={n.position}>
                Box {n.position} of {o.boxCount}: <span className="awb">{n.boxAwb}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <h3>Tracking</h3>
      <p>
        <strong>{o.tracking.summary}</strong>
        {o.receiverName && ` · received by ${o.receiverName}`}
      </p>
      {o.tracking.scans.length > 0 && (
        <ol className="timeline">
          {[...o.tracking.scans].reverse().map((s, i) => (
            <li key={i}>
              <strong>{s.statusText}</strong>
              {s.location && ` · ${s.location}`}
              <br />
              <span className="small-print">
                {formatDateTime(s.at)}
                {s.remark && ` · ${s.remark}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Quotes({
  c,
  choosing,
  onChoose,
  onBook,
}: {
  c: B2bShipmentContext;
  choosing: boolean;
  onChoose: (carrierCode: string) => void;
  onBook: () => void;
}) {
  const quotes = c.quotes?.quotes ?? [];
  return (
    <div className="stack">
      <fieldset className="fieldset-plain stack">
        <legend>Choose a carrier</legend>
        {quotes.map((q) => (
          <div key={q.carrierCode} className="stack">
            {q.quote && (
              <div className="check">
                <input
                  type="radio"
                  name="carrier"
                  id={`carrier-${q.carrierCode}`}
                  checked={c.chosen === q.carrierCode}
                  onChange={() => onChoose(q.carrierCode)}
                  disabled={!choosing}
                />
                <label htmlFor={`carrier-${q.carrierCode}`}>
                  {q.carrierName} · {formatRupees(q.quote.totalPaise)}
                </label>
              </div>
            )}
            <CarrierQuote q={q} />
          </div>
        ))}
      </fieldset>
      <Button onClick={onBook} disabled={!choosing || !c.chosen}>
        Book with {quotes.find((q) => q.carrierCode === c.chosen)?.carrierName ?? 'the carrier'}
      </Button>
    </div>
  );
}

export function B2bOrderScreen() {
  const { orderId = '' } = useParams();
  const [state, send] = useB2bShipment(Number(orderId));
  const c = state.context;
  const o = c.order;
  const bill = c.bill;
  const [changing, setChanging] = useState<{ invoice: B2bInvoiceRow; mode: EwayBillChangeMode } | null>(null);
  const [askingPickup, setAskingPickup] = useState(false);
  return (
    <SellerShell>
      <div className="page">
        <Breadcrumb to="/b2b/orders" label="B2B orders">
          {o?.orderNumber ?? 'B2B order'}
        </Breadcrumb>
        {state.matches('loading') && <Spinner />}
        {state.matches('failed') && (
          <Alert>
            <span>{c.error}</span> <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
          </Alert>
        )}
        {o && (
          <div className="stack">
            <header className="page-head row">
              <h1>B2B order {o.orderNumber}</h1>
              <Badge>{o.statusText}</Badge>
              <Badge tone={o.booking.state === 'BOOKED' ? 'success' : 'warning'}>{o.booking.stateText}</Badge>
            </header>
            <Parties o={o} />
            <Boxes o={o} />
            <Invoices
              o={o}
              offer={state.matches({ ewayBill: 'idle' })}
              onGenerate={(invoiceId) => send({ type: 'GENERATE', invoiceId })}
              onEnter={(invoiceId) => send({ type: 'ENTER', invoiceId })}
              onChange={(invoice, mode) => setChanging({ invoice, mode })}
            />
            {(state.matches('quotes') || state.matches('booking') || state.matches('bookFailed')) && (
              <Card className="stack">
                <h2>Freight</h2>
                {o.booking.state === 'FAILED' && o.booking.failure && (
                  <Alert tone="warning">The last booking failed: {o.booking.failure}</Alert>
                )}
                {state.matches({ quotes: 'loading' }) && <Spinner label="Asking the carriers" />}
                {state.matches({ quotes: 'failed' }) && (
                  <Alert>
                    <span>{c.error}</span> <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
                  </Alert>
                )}
                {state.matches({ quotes: 'noCarriers' }) && (
                  <Alert tone="warning">No freight carrier can carry this consignment.</Alert>
                )}
                {c.quotes && (
                  <Quotes
                    c={c}
                    choosing={state.matches({ quotes: 'choosing' })}
                    onChoose={(carrierCode) => send({ type: 'CHOOSE', carrierCode })}
                    onBook={() => send({ type: 'BOOK' })}
                  />
                )}
                {state.matches('booking') && <Spinner label="Booking" />}
                {state.matches('bookFailed') && (
                  <Alert>
                    <span>{c.error}</span> <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>{' '}
                    <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
                      Choose another carrier
                    </Button>
                  </Alert>
                )}
              </Card>
            )}
            {state.matches('pending') && (
              <Card className="stack">
                <h2>Booking</h2>
                <Spinner label={`Being booked with ${o.booking.carrierName ?? 'the carrier'}`} />
                <p className="small-print">The carrier confirms the LR in a moment; this page follows it.</p>
              </Card>
            )}
            {state.matches('booked') && (
              <Booked
                o={o}
                cancellable={state.can({ type: 'CANCEL' })}
                onCancel={() => send({ type: 'CANCEL' })}
                onRequestPickup={() => setAskingPickup(true)}
              />
            )}
            {state.matches('cancelled') && <Alert tone="info">This B2B order is cancelled.</Alert>}
          </div>
        )}
        {bill && state.matches('ewayBill') && !state.matches({ ewayBill: 'idle' }) && (
          <FormDialog
            title={bill.mode === 'GENERATE' ? 'Generate the e-way bill' : 'Enter the e-way bill number'}
            onClose={() => send({ type: 'DISMISS' })}
            onSubmit={() => send({ type: 'SAVE' })}
            saving={state.matches({ ewayBill: 'saving' })}
            saveLabel={bill.mode === 'GENERATE' ? 'Generate' : 'Save number'}
          >
            {bill.mode === 'ENTER' && (
              <div className="grid-2">
                <TextField
                  label="E-way bill number"
                  inputMode="numeric"
                  value={bill.ewayBillNumber}
                  error={c.errors.ewayBillNumber}
                  onChange={(e) => send({ type: 'SET_BILL', field: 'ewayBillNumber', value: e.target.value })}
                />
                <TextField
                  label="E-way bill date"
                  type="date"
                  value={bill.ewayBillDate}
                  error={c.errors.ewayBillDate}
                  onChange={(e) => send({ type: 'SET_BILL', field: 'ewayBillDate', value: e.target.value })}
                />
              </div>
            )}
            <TextField
              label="Distance (km)"
              inputMode="numeric"
              value={bill.transDistance}
              error={c.errors.transDistance}
              hint="The road distance decides how long the bill is valid"
              onChange={(e) => send({ type: 'SET_BILL', field: 'transDistance', value: e.target.value })}
            />
          </FormDialog>
        )}
        {o && changing && (
          <EwayBillChangeDialog
            orderId={o.orderId}
            invoice={changing.invoice}
            mode={changing.mode}
            draft={changeDraft(o, changing.invoice)}
            onDone={(invoice) => {
              send({ type: 'BILL_CHANGED', invoice });
              setChanging(null);
            }}
            onClose={() => setChanging(null)}
          />
        )}
        {o && askingPickup && (
          <B2bPickupDialog
            order={o}
            onDone={() => {
              send({ type: 'REFRESH' });
              setAskingPickup(false);
            }}
            onClose={() => setAskingPickup(false)}
          />
        )}
        <ConfirmDialog
          open={state.matches({ booked: 'confirming' }) || state.matches({ booked: 'cancelling' })}
          title="Cancel this booking?"
          confirmLabel="Cancel booking"
          busy={state.matches({ booked: 'cancelling' })}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'DISMISS' })}
          message="The LR is cancelled with the carrier and the freight is refunded to your wallet."
        />
      </div>
    </SellerShell>
  );
}
