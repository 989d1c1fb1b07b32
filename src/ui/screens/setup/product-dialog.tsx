import { useState } from 'react';
import { API_PRODUCTS, type ProductCategory, type ProductRow } from '../../../domain/setup-contract';
import { GST_RATES, ProductBody, type ProductInput } from '../../../domain/schemas/product';
import { call } from '../../../services/call';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { numberOrUndefined, useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Checkbox, DimensionFields, FormDialog, SelectField, TextField } from '../../kit';

// Add or edit a product: identity, price and tax, per-unit weight and size, stock.

type Draft = Record<
  | 'productName'
  | 'sku'
  | 'categoryId'
  | 'price'
  | 'availableInventory'
  | 'notifyThreshold'
  | 'weightKg'
  | 'lengthCm'
  | 'breadthCm'
  | 'heightCm'
  | 'hsnCode'
  | 'taxRatePercent',
  string
> & {
  inventoryManagementEnabled: boolean;
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function draftOf(p: ProductRow | 'new'): Draft {
  if (p === 'new') {
    return {
      productName: '',
      sku: '',
      categoryId: '',
      price: '',
      inventoryManagementEnabled: false,
      availableInventory: '',
      notifyThreshold: '',
      weightKg: '',
      lengthCm: '',
      breadthCm: '',
      heightCm: '',
      hsnCode: '',
      taxRatePercent: '',
    };
  }
  return {
    productName: p.productName,
    sku: p.sku,
    categoryId: text(p.categoryId),
    price: text(p.price),
    inventoryManagementEnabled: p.inventoryManagementEnabled,
    availableInventory: text(p.availableInventory),
    notifyThreshold: text(p.notifyThreshold),
    weightKg: text(p.weightKg),
    lengthCm: text(p.lengthCm),
    breadthCm: text(p.breadthCm),
    heightCm: text(p.heightCm),
    hsnCode: p.hsnCode,
    taxRatePercent: text(p.taxRatePercent),
  };
}

function bodyOf(d: Draft): Record<string, unknown> {
  return {
    productName: d.productName,
    sku: d.sku.trim(),
    categoryId: d.categoryId ? Number(d.categoryId) : null,
    price: numberOrUndefined(d.price),
    inventoryManagementEnabled: d.inventoryManagementEnabled,
    availableInventory: d.inventoryManagementEnabled ? (numberOrUndefined(d.availableInventory) ?? 0) : 0,
    notifyThreshold: d.inventoryManagementEnabled ? (numberOrUndefined(d.notifyThreshold) ?? 0) : 0,
    weightKg: numberOrUndefined(d.weightKg),
    lengthCm: numberOrUndefined(d.lengthCm),
    breadthCm: numberOrUndefined(d.breadthCm),
    heightCm: numberOrUndefined(d.heightCm),
    hsnCode: d.hsnCode,
    taxRatePercent: numberOrUndefined(d.taxRatePercent),
  };
}

const DIMENSION_KEYS = { length: 'lengthCm', breadth: 'breadthCm', height: 'heightCm' } as const;

export function ProductDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: ProductRow | 'new';
  onClose: () => void;
  onSaved: () => void;
}) {
  const http = useHttp();
  const [draft, setDraft] = useState<Draft>(() => draftOf(editing));
  const form = useForm(ProductBody, {});
  const categories = useRequest(() => call(http, API_PRODUCTS.categories), { load: true });
  const save = useRequest(
    (body: ProductInput) =>
      editing === 'new'
        ? call(http, API_PRODUCTS.addProduct, { body })
        : call(http, API_PRODUCTS.editProduct, { params: { productId: editing.productId }, body }),
    {
      onDone: (row) => {
        notify({ kind: 'info', message: editing === 'new' ? `${row.productName} added` : `${row.productName} saved` });
        onSaved();
      },
      onError: (message) => form.showServerError(message, ['sku', 'categoryId']),
    },
  );
  const update = (k: keyof Draft, value: string | boolean) => {
    setDraft((d) => ({ ...d, [k]: value }));
    form.set(k, value);
  };
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    update(k, e.target.type === 'checkbox' ? (e.target as HTMLInputElement).checked : e.target.value);
  const err = (k: string) => form.errors[k];
  return (
    <FormDialog
      title={editing === 'new' ? 'Add product' : 'Edit product'}
      wide
      onClose={onClose}
      onSubmit={() => {
        const body = form.parse(bodyOf(draft));
        if (body) save.run(body);
      }}
      error={form.failure(save.error)}
      saving={save.running}
      saveLabel="Save product"
    >
      <div className="grid-2">
        <TextField
          label="Product name"
          value={draft.productName}
          onChange={set('productName')}
          error={err('productName')}
        />
        <TextField
          label="Master SKU"
          value={draft.sku}
          onChange={set('sku')}
          error={err('sku')}
          hint="Letters, digits and . _ / -"
        />
        <SelectField
          label="Category"
          value={draft.categoryId}
          onChange={set('categoryId')}
          error={err('categoryId')}
          placeholder="No category"
          options={((categories.data ?? []) as ProductCategory[]).map((c) => ({
            value: String(c.categoryId),
            label: c.categoryName,
          }))}
        />
        <TextField
          label="Price"
          prefix="₹"
          inputMode="decimal"
          value={draft.price}
          onChange={set('price')}
          error={err('price')}
        />
        <TextField
          label="HSN code (optional)"
          inputMode="numeric"
          value={draft.hsnCode}
          onChange={set('hsnCode')}
          error={err('hsnCode')}
          hint="4, 6 or 8 digits"
        />
        <SelectField
          label="GST rate"
          value={draft.taxRatePercent}
          onChange={set('taxRatePercent')}
          error={err('taxRatePercent')}
          placeholder="Choose the GST rate"
          options={GST_RATES.map((r) => ({ value: String(r), label: `${r}%` }))}
        />
        <TextField
          label="Weight per unit (kg)"
          inputMode="decimal"
          value={draft.weightKg}
          onChange={set('weightKg')}
          error={err('weightKg')}
        />
        <DimensionFields
          value={{ length: draft.lengthCm, breadth: draft.breadthCm, height: draft.heightCm }}
          errors={{ length: err('lengthCm'), breadth: err('breadthCm'), height: err('heightCm') }}
          onChange={(d, value) => update(DIMENSION_KEYS[d], value)}
        />
      </div>
      <Checkbox
        label="Manage inventory for this product"
        checked={draft.inventoryManagementEnabled}
        onChange={set('inventoryManagementEnabled')}
      />
      {draft.inventoryManagementEnabled && (
        <div className="grid-2">
          <TextField
            label="Available inventory"
            inputMode="numeric"
            value={draft.availableInventory}
            onChange={set('availableInventory')}
            error={err('availableInventory')}
          />
          <TextField
            label="Stock alert at"
            inputMode="numeric"
            value={draft.notifyThreshold}
            onChange={set('notifyThreshold')}
            error={err('notifyThreshold')}
            hint="We email you when stock falls to this"
          />
        </div>
      )}
    </FormDialog>
  );
}
