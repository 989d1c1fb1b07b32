import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees, paiseOf } from '../../../domain/money';
import { orderDraftTotalPaise, orderDraftWeights, type DraftField, type ItemDraft } from '../../../domain/order-draft';
import { GST_RATES } from '../../../domain/schemas/product';
import { FULFILMENT_TYPES, ORDER_SOURCES } from '../../../domain/schemas/order';
import { useOrderForm } from '../../../services/use-order-form';
import { FIELD_LABELS } from '../../../domain/schemas/labels';
import { advanceOf, rowAdvance } from '../../../domain/payment-modes';
import type { PaymentModeRow } from '../../../domain/payment-modes-contract';
import { Alert, Button, Card, Checkbox, SelectField, TextField } from '../../kit';
import { PincodeField } from '../setup/pincode-field';
import { SellerShell } from '../shell/seller-shell';
import { Breadcrumb } from '../../kit/breadcrumb';

// /orders/new: add a forward order by hand. The draft and its rules are the order-form machine's
// (the API's schema, src/domain/schemas/order.ts); volumetric and charged weight are shown as the
// package is filled in.

/** What the buyer pays when: all on delivery, or a mode's advance before shipping and the rest on delivery. */
function collectText(paymentMethod: string, total: number, mode: PaymentModeRow | null): string {
  if (paymentMethod !== 'COD') return '';
  const advance = mode ? advanceOf(rowAdvance(mode), total) : 0;
  if (!advance) return ` · collect ${formatRupees(total)} on delivery`;
  return ` · advance ${formatRupees(advance)} before shipping · collect ${formatRupees(total - advance)} on delivery`;
}

export function OrderFormScreen() {
  const [state, send] = useOrderForm();
  const [find, setFind] = useState('');
  const { draft: d, items, errors, pickups, packages, paymentModes, found, numberCheck, saveError } = state.context;
  const chosenMode = paymentModes.find((m) => m.modeCode === d.paymentModeCode) ?? null;
  const set = (field: DraftField) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    send({
      type: 'SET',
      field,
      value: e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value,
    });
  const setItem = (index: number, field: keyof ItemDraft, value: string) =>
    send({ type: 'SET_ITEM', index, field, value });
  const total = orderDraftTotalPaise(d, items);
  const weights = orderDraftWeights(d, packages ?? []);
  const err = (k: string) => errors[k];
  const pickupList = pickups ?? [];
  const saving = state.matches({ editing: { form: 'submitting' } });
  const searching = state.matches({ editing: { search: 'searching' } });

  return (
    <SellerShell>
      <div className="page">
        <Breadcrumb to="/orders" label="Orders">
          Add order
        </Breadcrumb>
        <h1>Add order</h1>
        <form
          noValidate
          aria-label="Add order"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <Card className="stack">
            <h2>Buyer</h2>
            <div className="grid-3">
              <TextField
                label="Buyer name"
                value={d.buyerName}
                onChange={set('buyerName')}
                error={err('buyerName')}
                autoComplete="off"
              />
              <TextField
                label="Buyer phone"
                prefix="+91"
                inputMode="tel"
                value={d.buyerPhone}
                onChange={set('buyerPhone')}
                error={err('buyerPhone')}
              />
              <TextField
                label="Buyer email (optional)"
                type="email"
                value={d.buyerEmail}
                onChange={set('buyerEmail')}
                error={err('buyerEmail')}
              />
            </div>
            <div className="grid-3">
              <TextField label="Address line 1" value={d.line1} onChange={set('line1')} error={err('shipping')} />
              <TextField label="Address line 2 (optional)" value={d.line2} onChange={set('line2')} />
              <PincodeField value={d.pincode} onChange={(p) => send({ type: 'SET', field: 'pincode', value: p })} />
            </div>
            <Checkbox label="Billing address is the same" checked={d.billingSame} onChange={set('billingSame')} />
            {!d.billingSame && (
              <div className="grid-3">
                <TextField
                  label="Billing address line 1"
                  value={d.billLine1}
                  onChange={set('billLine1')}
                  error={err('billing')}
                />
                <TextField label="Billing address line 2 (optional)" value={d.billLine2} onChange={set('billLine2')} />
                <TextField
                  label="Billing pincode"
                  inputMode="numeric"
                  maxLength={6}
                  value={d.billPincode}
                  onChange={set('billPincode')}
                />
              </div>
            )}
          </Card>

          <Card className="stack">
            <h2>Order</h2>
            <div className="grid-3">
              <TextField
                label="Order number (optional)"
                value={d.orderNumber}
                onChange={set('orderNumber')}
                onBlur={() => send({ type: 'CHECK_NUMBER' })}
                error={err('orderNumber') ?? (numberCheck && !numberCheck.available ? numberCheck.message : null)}
                hint={numberCheck?.available ? numberCheck.message : 'Leave empty for the next ORD- number'}
              />
              <TextField
                label="Order date"
                type="date"
                value={d.orderDate}
                onChange={set('orderDate')}
                error={err('orderDate')}
              />
              <SelectField
                label="Channel"
                value={d.channel}
                onChange={set('channel')}
                options={ORDER_SOURCES.map((s) => ({ value: s, label: s === 'DAKIYA' ? 'Dakiya (manual)' : s }))}
              />
              <SelectField
                label="Payment"
                value={d.paymentMethod}
                onChange={set('paymentMethod')}
                options={[
                  { value: 'PPD', label: 'Prepaid' },
                  { value: 'COD', label: 'Cash on delivery' },
                ]}
              />
              {paymentModes.length > 0 && (
                <SelectField
                  label={FIELD_LABELS.paymentModeCode}
                  value={d.paymentModeCode}
                  error={err('paymentModeCode')}
                  onChange={(e) => {
                    const mode = paymentModes.find((m) => m.modeCode === e.target.value);
                    send({ type: 'SET', field: 'paymentModeCode', value: e.target.value });
                    // a mode is collected its own way: the payment follows it
                    if (mode) send({ type: 'SET', field: 'paymentMethod', value: mode.modeBasis });
                  }}
                  placeholder="Standard (prepaid or COD)"
                  options={paymentModes.map((m) => ({ value: m.modeCode, label: `${m.modeName} (${m.modeCode})` }))}
                />
              )}
              <SelectField
                label="Fulfilment"
                value={d.fulfilment}
                onChange={set('fulfilment')}
                options={FULFILMENT_TYPES.map((f) => ({ value: f, label: f === 'EASY' ? 'Easy Ship' : 'Self' }))}
              />
            </div>
          </Card>

          <Card className="stack">
            <h2>Products</h2>
            <div className="row coupon-row">
              <TextField
                label="Find a product in your catalogue"
                value={find}
                onChange={(e) => setFind(e.target.value)}
              />
              <Button variant="secondary" onClick={() => send({ type: 'FIND', text: find })} busy={searching}>
                Find
              </Button>
            </div>
            {found && (
              <ul className="list-plain" aria-label="Products found">
                {found.length === 0 && <li className="muted">No results found</li>}
                {found.map((p) => (
                  <li key={p.productId} className="row">
                    <span>
                      {p.productName} · {p.sku} · {formatRupees(paiseOf(p.price))}
                    </span>
                    <Button
                      className="btn-small"
                      variant="secondary"
                      onClick={() => send({ type: 'ADD_PRODUCT', product: p })}
                      aria-label={`Add ${p.productName}`}
                    >
                      Add
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {err('items') && (
              <p className="field-error" role="alert">
                {err('items')}
              </p>
            )}
            {items.map((it, i) => (
              <div key={i} className="item-row" role="group" aria-label={`Line ${i + 1}`}>
                <TextField label="Item name" value={it.name} onChange={(e) => setItem(i, 'name', e.target.value)} />
                <TextField label="SKU" value={it.sku} onChange={(e) => setItem(i, 'sku', e.target.value)} />
                <TextField
                  label="Quantity"
                  inputMode="numeric"
                  value={it.quantity}
                  onChange={(e) => setItem(i, 'quantity', e.target.value)}
                />
                <TextField
                  label="Unit price"
                  prefix="₹"
                  inputMode="decimal"
                  value={it.unitPrice}
                  onChange={(e) => setItem(i, 'unitPrice', e.target.value)}
                />
                <SelectField
                  label="GST"
                  value={it.taxRatePercent}
                  onChange={(e) => setItem(i, 'taxRatePercent', e.target.value)}
                  options={GST_RATES.map((r) => ({ value: String(r), label: `${r}%` }))}
                />
                <Button
                  className="btn-small"
                  variant="ghost"
                  onClick={() => send({ type: 'REMOVE_LINE', index: i })}
                  aria-label={`Remove line ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button variant="ghost" onClick={() => send({ type: 'ADD_LINE' })}>
              Add a line
            </Button>
            <div className="grid-3">
              <TextField
                label="Shipping charges"
                prefix="₹"
                inputMode="decimal"
                value={d.shippingCharges}
                onChange={set('shippingCharges')}
              />
              <TextField
                label="Discount"
                prefix="₹"
                inputMode="decimal"
                value={d.discount}
                onChange={set('discount')}
                error={err('form')?.startsWith('discount') ? err('form') : undefined}
              />
              <p className="order-total" aria-live="polite">
                Total {formatRupees(total)}
                {collectText(d.paymentMethod, total, chosenMode)}
              </p>
            </div>
          </Card>

          <Card className="stack">
            <h2>Package and pickup</h2>
            <div className="grid-3">
              <SelectField
                label="Package"
                value={d.packageTypeId}
                onChange={set('packageTypeId')}
                placeholder="Type the size"
                options={(packages ?? []).map((p) => ({
                  value: String(p.packageTypeId),
                  label: `${p.packageName} (${p.packageLength}×${p.packageBreadth}×${p.packageHeight} cm)`,
                }))}
                error={err('packageTypeId')}
              />
              <TextField
                label="Dead weight (kg)"
                inputMode="decimal"
                value={d.deadWeightKg}
                onChange={set('deadWeightKg')}
                error={err('deadWeightKg')}
              />
              <SelectField
                label="Pickup address"
                value={d.pickupAddressId}
                onChange={set('pickupAddressId')}
                placeholder={pickupList.length ? 'Choose a verified address' : 'No verified pickup address yet'}
                options={pickupList.map((a) => ({ value: String(a.addressId), label: `${a.entityName}, ${a.city}` }))}
                error={err('pickupAddressId')}
              />
            </div>
            {!d.packageTypeId && (
              <div className="grid-3">
                <TextField
                  label="Length (cm)"
                  inputMode="decimal"
                  value={d.lengthCm}
                  onChange={set('lengthCm')}
                  error={err('lengthCm')}
                />
                <TextField
                  label="Breadth (cm)"
                  inputMode="decimal"
                  value={d.breadthCm}
                  onChange={set('breadthCm')}
                  error={err('breadthCm')}
                />
                <TextField
                  label="Height (cm)"
                  inputMode="decimal"
                  value={d.heightCm}
                  onChange={set('heightCm')}
                  error={err('heightCm')}
                />
              </div>
            )}
            {err('form') && !err('form').startsWith('discount') && <Alert>{err('form')}</Alert>}
            <p className="small-print" aria-live="polite" data-testid="weights">
              Volumetric weight {weights.volumetricKg !== null ? `${weights.volumetricKg} kg` : '—'} · Charged weight{' '}
              {weights.chargedKg !== null ? `${weights.chargedKg} kg` : '—'}
            </p>
            {pickupList.length === 0 && state.matches({ editing: { options: 'loaded' } }) && (
              <Alert tone="warning">
                Add and verify a pickup address under <Link to="/setup/pickup-addresses">Setup → Pickup addresses</Link>{' '}
                first.
              </Alert>
            )}
          </Card>
          {saveError && <Alert>{saveError}</Alert>}
          <div className="row">
            <Button type="submit" busy={saving}>
              Add order
            </Button>
            <Link to="/orders" className="btn btn-secondary">
              Cancel
            </Link>
          </div>
        </form>
      </div>
    </SellerShell>
  );
}
