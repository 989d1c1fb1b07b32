import { Link } from 'react-router-dom';
import { B2B_ORDER_LIMITS, FREIGHT_PAYERS, HANDOVERS, RISK_BEARERS } from '../../../domain/b2b/order-facts';
import {
  boxCountOf,
  invoicesTotalPaise,
  type B2bDraftField,
  type BoxDraft,
  type InvoiceDraft,
} from '../../../domain/b2b/order-draft';
import { countOf, formatRupees } from '../../../domain/format';
import { useB2bOrderForm } from '../../../services/use-b2b-order-form';
import { Alert, Button, Card, Checkbox, SelectField, Spinner, TextField } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { SellerShell } from '../shell/seller-shell';
import { CarrierQuote } from './quote-table';
import { GoodsLinesFields } from './goods-lines-fields';

// /b2b/orders/new: the consignee (typed, or one of your consignee warehouses), the pickup
// warehouse, box rows, invoice rows with their goods lines, who pays, who carries the risk, the handover and an optional
// delivery appointment, with the freight quote following the draft. The b2b-order-form machine
// holds the draft and every rule; this only draws it.

const options = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ value, label }));
const BOX_FIELDS: [keyof BoxDraft, string][] = [
  ['lengthCm', 'Length (cm)'],
  ['breadthCm', 'Breadth (cm)'],
  ['heightCm', 'Height (cm)'],
  ['weightKg', 'Weight of a box (kg)'],
  ['count', 'Number of boxes'],
];
const INVOICE_FIELDS: [Exclude<keyof InvoiceDraft, 'fileId' | 'fileName' | 'goods'>, string, string][] = [
  ['number', 'Invoice number', 'text'],
  ['date', 'Invoice date', 'date'],
  ['value', 'Value with GST (₹)', 'text'],
  ['ewayBillNumber', 'E-way bill number (optional)', 'text'],
];

export function B2bOrderFormScreen() {
  const [state, send] = useB2bOrderForm();
  const { draft: d, boxes, invoices, poNumbers, errors, warehouses, quotes, quoteError, saveError } = state.context;
  const set = (field: B2bDraftField) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    send({
      type: 'SET',
      field,
      value: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value,
    });
  const own = (warehouses ?? []).filter((w) => w.warehouseKind === 'OWN');
  const consignees = (warehouses ?? []).filter((w) => w.warehouseKind === 'CONSIGNEE');
  const typed = d.consigneeWarehouseId === '';
  const saving = state.matches({ editing: { form: 'submitting' } });
  const uploading = state.matches({ editing: { form: 'uploading' } });
  const quoting = !state.matches({ editing: { quote: 'idle' } });
  const noWarehouses = state.matches({ editing: { options: 'unavailable' } });

  return (
    <SellerShell>
      <div className="page">
        <Breadcrumb to="/b2b/orders" label="B2B orders">
          New B2B order
        </Breadcrumb>
        <h1>New B2B order</h1>
        <form
          noValidate
          aria-label="New B2B order"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          {noWarehouses && (
            <Alert>
              Your B2B warehouses could not be read.{' '}
              <button type="button" className="link-button" onClick={() => send({ type: 'RETRY' })}>
                Try again
              </button>
            </Alert>
          )}
          <Card className="stack">
            <h2>From</h2>
            <div className="grid-2">
              <SelectField
                label="Pickup warehouse"
                value={d.originWarehouseId}
                onChange={set('originWarehouseId')}
                placeholder="Choose"
                options={own.map((w) => ({ value: String(w.warehouseId), label: `${w.warehouseName} (${w.pincode})` }))}
                error={errors.originWarehouseId}
              />
              <TextField
                label="Order number (optional)"
                value={d.orderNumber}
                onChange={set('orderNumber')}
                error={errors.orderNumber}
                hint="Left empty, the next number is given"
              />
            </div>
            {warehouses && own.length === 0 && (
              <p className="small-print">
                Add your own warehouse first: <Link to="/b2b/warehouses">B2B warehouses</Link>.
              </p>
            )}
          </Card>
          <Card className="stack">
            <h2>Consignee</h2>
            <SelectField
              label="Consignee warehouse"
              value={d.consigneeWarehouseId}
              onChange={set('consigneeWarehouseId')}
              placeholder="None: type the consignee"
              options={consignees.map((w) => ({
                value: String(w.warehouseId),
                label: `${w.warehouseName} (${w.pincode})`,
              }))}
              error={errors.consigneeWarehouseId}
            />
            {typed && (
              <div className="grid-3">
                <TextField label="Business name" value={d.businessName} onChange={set('businessName')} />
                <TextField label="GSTIN (optional)" value={d.gstin} onChange={set('gstin')} />
                <TextField label="Contact name (optional)" value={d.contactName} onChange={set('contactName')} />
                <TextField
                  label="Contact phone"
                  prefix="+91"
                  inputMode="tel"
                  value={d.contactPhone}
                  onChange={set('contactPhone')}
                />
                <TextField
                  label="Contact email (optional)"
                  type="email"
                  value={d.contactEmail}
                  onChange={set('contactEmail')}
                />
                <TextField label="Address line 1" value={d.addressLine1} onChange={set('addressLine1')} />
                <TextField label="Address line 2 (optional)" value={d.addressLine2} onChange={set('addressLine2')} />
                <TextField label="Pincode" inputMode="numeric" value={d.pincode} onChange={set('pincode')} />
              </div>
            )}
            {errors.consignee && (
              <p className="field-error" role="alert">
                {errors.consignee}
              </p>
            )}
          </Card>
          <Card className="stack">
            <h2>Boxes</h2>
            <TextField
              label="Description of goods"
              value={d.goodsDescription}
              onChange={set('goodsDescription')}
              error={errors.goodsDescription}
            />
            {boxes.map((b, i) => (
              <fieldset key={i} className="fieldset-plain">
                <legend>Box size {i + 1}</legend>
                <div className="grid-3">
                  {BOX_FIELDS.map(([field, label]) => (
                    <TextField
                      key={field}
                      label={label}
                      inputMode="decimal"
                      value={b[field]}
                      onChange={(e) => send({ type: 'SET_BOX', index: i, field, value: e.target.value })}
                    />
                  ))}
                </div>
                {boxes.length > 1 && (
                  <Button variant="ghost" onClick={() => send({ type: 'REMOVE_BOX', index: i })}>
                    Remove box size {i + 1}
                  </Button>
                )}
              </fieldset>
            ))}
            {errors.boxes && (
              <p className="field-error" role="alert">
                {errors.boxes}
              </p>
            )}
            <div className="row">
              <Button variant="secondary" onClick={() => send({ type: 'ADD_BOX' })}>
                Add a box size
              </Button>
              <span className="small-print">{countOf(boxCountOf(boxes), 'boxes')} in all</span>
            </div>
          </Card>
          <Card className="stack">
            <h2>Invoices</h2>
            {invoices.map((inv, i) => (
              <fieldset key={i} className="fieldset-plain">
                <legend>Invoice {i + 1}</legend>
                <div className="grid-2">
                  {INVOICE_FIELDS.map(([field, label, type]) => (
                    <TextField
                      key={field}
                      label={label}
                      type={type}
                      inputMode={field === 'value' ? 'decimal' : undefined}
                      value={inv[field]}
                      onChange={(e) => send({ type: 'SET_INVOICE', index: i, field, value: e.target.value })}
                    />
                  ))}
                </div>
                <div className="row">
                  <label htmlFor={`invoice-file-${i}`}>Invoice file (optional, PDF or image)</label>
                  <input
                    id={`invoice-file-${i}`}
                    type="file"
                    accept="application/pdf,image/png,image/jpeg,image/webp"
                    disabled={uploading}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) send({ type: 'ATTACH', index: i, file });
                    }}
                  />
                  {inv.fileName && (
                    <span className="small-print">
                      {inv.fileName}
                      {inv.fileId ? ' · attached' : ' · uploading'}
                    </span>
                  )}
                  {inv.fileId && (
                    <Button variant="ghost" onClick={() => send({ type: 'DETACH', index: i })}>
                      Remove the file of invoice {i + 1}
                    </Button>
                  )}
                </div>
                <GoodsLinesFields
                  invoice={i}
                  lines={inv.goods}
                  onSet={(line, field, value) => send({ type: 'SET_GOODS', index: i, line, field, value })}
                  onAdd={() => send({ type: 'ADD_GOODS', index: i })}
                  onRemove={(line) => send({ type: 'REMOVE_GOODS', index: i, line })}
                />
                {invoices.length > 1 && (
                  <Button variant="ghost" onClick={() => send({ type: 'REMOVE_INVOICE', index: i })}>
                    Remove invoice {i + 1}
                  </Button>
                )}
              </fieldset>
            ))}
            {errors.invoiceFile && (
              <p className="field-error" role="alert">
                {errors.invoiceFile}
              </p>
            )}
            {errors.invoices && (
              <p className="field-error" role="alert">
                {errors.invoices}
              </p>
            )}
            <div className="row">
              {invoices.length < B2B_ORDER_LIMITS.invoicesMax && (
                <Button variant="secondary" onClick={() => send({ type: 'ADD_INVOICE' })}>
                  Add an invoice
                </Button>
              )}
              <span className="small-print">Invoices total {formatRupees(invoicesTotalPaise(invoices))}</span>
            </div>
          </Card>
          <Card className="stack">
            <h2>Terms</h2>
            <div className="grid-3">
              <SelectField
                label="Freight paid by"
                value={d.freightPayer}
                onChange={set('freightPayer')}
                options={options(FREIGHT_PAYERS)}
                error={errors.freightPayer}
              />
              <SelectField
                label="Risk"
                value={d.risk}
                onChange={set('risk')}
                options={options(RISK_BEARERS)}
                error={errors.risk}
              />
              <SelectField
                label="Handover"
                value={d.handover}
                onChange={set('handover')}
                options={options(HANDOVERS)}
                error={errors.handover}
              />
            </div>
            <Checkbox label="Delivery by appointment" checked={d.appointment} onChange={set('appointment')} />
            {d.appointment && (
              <div className="stack">
                <div className="grid-3">
                  <TextField
                    label="Appointment date"
                    type="date"
                    value={d.appointmentDate}
                    onChange={set('appointmentDate')}
                  />
                  <TextField label="Slot from" type="time" value={d.slotStart} onChange={set('slotStart')} />
                  <TextField label="Slot to" type="time" value={d.slotEnd} onChange={set('slotEnd')} />
                </div>
                {poNumbers.map((po, i) => (
                  <div key={i} className="row">
                    <TextField
                      label={`PO number ${i + 1}`}
                      value={po}
                      onChange={(e) => send({ type: 'SET_PO', index: i, value: e.target.value })}
                    />
                    <Button variant="ghost" onClick={() => send({ type: 'REMOVE_PO', index: i })}>
                      Remove PO number {i + 1}
                    </Button>
                  </div>
                ))}
                {poNumbers.length < B2B_ORDER_LIMITS.poNumbersMax && (
                  <Button variant="secondary" onClick={() => send({ type: 'ADD_PO' })}>
                    Add a PO number
                  </Button>
                )}
                {errors.appointment && (
                  <p className="field-error" role="alert">
                    {errors.appointment}
                  </p>
                )}
              </div>
            )}
          </Card>
          <Card className="stack" aria-live="polite">
            <h2>Freight quote</h2>
            {quoting && <Spinner label="Pricing" />}
            {!quoting && !quotes && !quoteError && (
              <p className="muted">
                The quote shows once the pickup warehouse, delivery pincode, boxes and invoice value are in.
              </p>
            )}
            {quoteError && <Alert>{quoteError}</Alert>}
            {quotes && (
              <p className="small-print">
                {quotes.originZoneName} to {quotes.destinationZoneName}
              </p>
            )}
            {quotes?.quotes.map((q) => (
              <CarrierQuote key={q.carrierCode} q={q} />
            ))}
          </Card>
          {saveError && <Alert>{saveError}</Alert>}
          <div className="row">
            <Button type="submit" busy={saving}>
              Save B2B order
            </Button>
            <Link to="/b2b/orders" className="link-button">
              Cancel
            </Link>
          </div>
        </form>
      </div>
    </SellerShell>
  );
}
