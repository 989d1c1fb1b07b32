import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  defaultPickupAddress,
  type PackageTypeRow,
  type PickupAddressRow,
  type ProductRow,
} from '../../../domain/setup-contract';
import { formatRupees, istDay } from '../../../domain/format';
import { GST_RATES } from '../../../domain/schemas/product';
import {
  FULFILMENT_TYPES,
  OrderBody,
  ORDER_SOURCES,
  orderTotalPaise,
  type OrderInput,
} from '../../../domain/schemas/order';
import { chargedWeightKg, volumetricWeightKg } from '../../../domain/weights';
import {
  createOrder,
  fetchActivePackages,
  fetchVerifiedPickups,
  orderNumberAvailable,
  searchProducts,
} from '../../../services/orders-client';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { numberOrUndefined, useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Alert, Button, Card, Checkbox, SelectField, TextField } from '../../kit';
import { PincodeField } from '../setup/pincode-field';
import { SellerShell } from '../shell/seller-shell';

// /orders/new: add a forward order by hand. Every rule is the API's (src/domain/schemas/order.ts),
// checked before sending; volumetric and charged weight are shown as the package is filled in.

interface ItemDraft {
  productId: number | null;
  name: string;
  sku: string;
  quantity: string;
  unitPrice: string;
  taxRatePercent: string;
  hsnCode: string;
}

const blankItem = (): ItemDraft => ({
  productId: null,
  name: '',
  sku: '',
  quantity: '1',
  unitPrice: '',
  taxRatePercent: '18',
  hsnCode: '',
});

export function OrderFormScreen() {
  const http = useHttp();
  const navigate = useNavigate();
  const [d, setD] = useState({
    orderNumber: '',
    orderDate: istDay(),
    channel: 'DAKIYA',
    paymentMethod: 'PPD',
    fulfilment: 'SELF',
    buyerName: '',
    buyerPhone: '',
    buyerEmail: '',
    line1: '',
    line2: '',
    pincode: '',
    billingSame: true,
    billLine1: '',
    billLine2: '',
    billPincode: '',
    discount: '',
    shippingCharges: '',
    packageTypeId: '',
    lengthCm: '',
    breadthCm: '',
    heightCm: '',
    deadWeightKg: '',
    pickupAddressId: '',
  });
  const [items, setItems] = useState<ItemDraft[]>([blankItem()]);
  const [find, setFind] = useState('');
  const form = useForm(OrderBody, {});
  const pickups = useRequest(() => fetchVerifiedPickups(http), {
    load: true,
    // the only verified address (or the verified primary) is chosen to start with
    onDone: (list) => {
      const id = defaultPickupAddress(list as PickupAddressRow[]);
      if (id !== null) setD((old) => (old.pickupAddressId ? old : { ...old, pickupAddressId: String(id) }));
    },
  });
  const packages = useRequest(() => fetchActivePackages(http), { load: true });
  const found = useRequest((text: string) => searchProducts(http, text));
  const numberCheck = useRequest((n: string) => orderNumberAvailable(http, n));
  const save = useRequest((body: OrderInput) => createOrder(http, body), {
    onDone: (o) => {
      notify({ kind: 'info', message: `Order ${o.orderNumber} added` });
      navigate(`/orders/${o.orderId}`);
    },
    onError: (message) =>
      form.showServerError(message, [
        'pickupAddressId',
        'packageTypeId',
        'items',
        'billing',
        'shipping',
        'orderNumber',
      ]),
  });
  // a changed input clears the message under it (the schema's field that input feeds)
  const FIELD_OF: Partial<Record<keyof typeof d, string>> = {
    line1: 'shipping',
    line2: 'shipping',
    pincode: 'shipping',
    billLine1: 'billing',
    billLine2: 'billing',
    billPincode: 'billing',
    billingSame: 'form',
    discount: 'form',
    shippingCharges: 'form',
  };
  const set = (k: keyof typeof d) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value;
    setD((old) => ({ ...old, [k]: value }));
    form.set(FIELD_OF[k] ?? k, value);
    if (['packageTypeId', 'lengthCm', 'breadthCm', 'heightCm'].includes(k)) form.set('form', null);
  };
  const setItem = (i: number, k: keyof ItemDraft, value: string) => {
    setItems((old) => old.map((it, j) => (j === i ? { ...it, [k]: value } : it)));
    form.set('items', null);
  };
  const addProduct = (p: ProductRow) => {
    setItems((old) => [
      ...old.filter((it) => it.name || it.sku),
      {
        productId: p.productId,
        name: p.productName,
        sku: p.sku,
        quantity: '1',
        unitPrice: String(p.price),
        taxRatePercent: String(p.taxRatePercent),
        hsnCode: p.hsnCode,
      },
    ]);
    if (!d.deadWeightKg)
      setD((old) => ({
        ...old,
        deadWeightKg: String(p.weightKg),
        lengthCm: old.lengthCm || String(p.lengthCm),
        breadthCm: old.breadthCm || String(p.breadthCm),
        heightCm: old.heightCm || String(p.heightCm),
      }));
    for (const k of ['items', 'deadWeightKg', 'lengthCm', 'breadthCm', 'heightCm', 'form']) form.set(k, null);
  };

  const pkg = ((packages.data ?? []) as PackageTypeRow[]).find((p) => String(p.packageTypeId) === d.packageTypeId);
  const dims = pkg
    ? { lengthCm: pkg.packageLength, breadthCm: pkg.packageBreadth, heightCm: pkg.packageHeight }
    : { lengthCm: Number(d.lengthCm), breadthCm: Number(d.breadthCm), heightCm: Number(d.heightCm) };
  const dimsKnown = dims.lengthCm > 0 && dims.breadthCm > 0 && dims.heightCm > 0;
  const dead = Number(d.deadWeightKg);
  const itemNumbers = items.map((it) => ({ quantity: Number(it.quantity) || 0, unitPrice: Number(it.unitPrice) || 0 }));
  const total = orderTotalPaise({
    items: itemNumbers,
    discount: Number(d.discount) || 0,
    shippingCharges: Number(d.shippingCharges) || 0,
  });

  const body = (): Record<string, unknown> => ({
    orderNumber: d.orderNumber,
    orderDate: d.orderDate,
    channel: d.channel,
    paymentMethod: d.paymentMethod,
    fulfilment: d.fulfilment,
    buyerName: d.buyerName,
    buyerPhone: d.buyerPhone,
    buyerEmail: d.buyerEmail,
    shipping: { line1: d.line1, line2: d.line2, pincode: d.pincode },
    billingSameAsShipping: d.billingSame,
    billing: d.billingSame ? null : { line1: d.billLine1, line2: d.billLine2, pincode: d.billPincode },
    items: items
      .filter((it) => it.name || it.sku)
      .map((it) => ({
        productId: it.productId,
        name: it.name,
        sku: it.sku,
        quantity: numberOrUndefined(it.quantity),
        unitPrice: numberOrUndefined(it.unitPrice),
        taxRatePercent: numberOrUndefined(it.taxRatePercent),
        hsnCode: it.hsnCode,
      })),
    discount: numberOrUndefined(d.discount) ?? 0,
    shippingCharges: numberOrUndefined(d.shippingCharges) ?? 0,
    packageTypeId: d.packageTypeId ? Number(d.packageTypeId) : null,
    lengthCm: d.packageTypeId ? null : (numberOrUndefined(d.lengthCm) ?? null),
    breadthCm: d.packageTypeId ? null : (numberOrUndefined(d.breadthCm) ?? null),
    heightCm: d.packageTypeId ? null : (numberOrUndefined(d.heightCm) ?? null),
    deadWeightKg: numberOrUndefined(d.deadWeightKg),
    pickupAddressId: numberOrUndefined(d.pickupAddressId),
  });
  const err = (k: string) => form.errors[k];
  const pickupList = (pickups.data ?? []) as PickupAddressRow[];

  return (
    <SellerShell>
      <div className="page">
        <nav aria-label="Breadcrumb" className="small-print">
          <Link to="/orders">Orders</Link> / Add order
        </nav>
        <h1>Add order</h1>
        <form
          noValidate
          aria-label="Add order"
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = form.parse(body());
            if (parsed) save.run(parsed);
            else notify({ kind: 'error', message: 'Some fields need attention' });
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
              <PincodeField
                value={d.pincode}
                onChange={(p) => {
                  setD((o) => ({ ...o, pincode: p }));
                  form.set('shipping', null);
                }}
              />
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
                onBlur={() => d.orderNumber.trim() && numberCheck.run(d.orderNumber.trim())}
                error={
                  err('orderNumber') ??
                  (numberCheck.data && !numberCheck.data.available ? numberCheck.data.message : null)
                }
                hint={numberCheck.data?.available ? numberCheck.data.message : 'Leave empty for the next ORD- number'}
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
              <Button variant="secondary" onClick={() => find.trim() && found.run(find.trim())} busy={found.running}>
                Find
              </Button>
            </div>
            {found.data && (
              <ul className="list-plain" aria-label="Products found">
                {(found.data as ProductRow[]).length === 0 && <li className="muted">No results found</li>}
                {(found.data as ProductRow[]).map((p) => (
                  <li key={p.productId} className="row">
                    <span>
                      {p.productName} · {p.sku} · {formatRupees(Math.round(p.price * 100))}
                    </span>
                    <Button
                      className="btn-small"
                      variant="secondary"
                      onClick={() => addProduct(p)}
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
                  onClick={() => setItems((old) => (old.length > 1 ? old.filter((_, j) => j !== i) : [blankItem()]))}
                  aria-label={`Remove line ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            ))}
            <Button variant="ghost" onClick={() => setItems((old) => [...old, blankItem()])}>
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
                Total {formatRupees(Math.max(0, total))}
                {d.paymentMethod === 'COD' ? ` · collect ${formatRupees(Math.max(0, total))} on delivery` : ''}
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
                options={((packages.data ?? []) as PackageTypeRow[]).map((p) => ({
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
              Volumetric weight {dimsKnown ? `${volumetricWeightKg(dims)} kg` : '—'} · Charged weight{' '}
              {dimsKnown && dead > 0 ? `${chargedWeightKg(dead, dims)} kg` : '—'}
            </p>
            {pickupList.length === 0 && pickups.succeeded && (
              <Alert tone="warning">
                Add and verify a pickup address under <Link to="/setup/pickup-addresses">Setup → Pickup addresses</Link>{' '}
                first.
              </Alert>
            )}
          </Card>
          {save.error && <Alert>{save.error}</Alert>}
          <div className="row">
            <Button type="submit" busy={save.running}>
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
