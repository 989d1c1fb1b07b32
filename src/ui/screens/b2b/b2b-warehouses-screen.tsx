import { Link } from 'react-router-dom';
import { API_B2B, type B2bWarehouseRow } from '../../../domain/b2b-contract';
import { B2B_WAREHOUSE_KINDS, FREIGHT_CARRIERS, FREIGHT_CARRIER_CODES } from '../../../domain/b2b/order-facts';
import { formatPhone } from '../../../domain/format';
import { B2bWarehouseBody, type B2bWarehouseInput } from '../../../domain/schemas/b2b';
import { call } from '../../../services/call';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { useListActions, useRowEditing } from '../../hooks/use-action';
import { useConfirmDelete } from '../../hooks/use-confirm-delete';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Button, buttonClass, FormDialog, RowActions, SelectField, TextField } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';

// /b2b/warehouses: your own warehouses (pickup points, with the names carriers registered them
// under) and your consignees' (distributors, retailers, marketplace warehouses), with GSTINs.

const EMPTY = {
  warehouseKind: 'OWN',
  warehouseName: '',
  businessName: '',
  gstin: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  addressLine1: '',
  addressLine2: '',
  pincode: '',
  ...Object.fromEntries(FREIGHT_CARRIER_CODES.map((c) => [`reg-${c}`, ''])),
};

const valuesOf = (w: B2bWarehouseRow) => ({
  ...EMPTY,
  ...w,
  gstin: w.gstin ?? '',
  ...Object.fromEntries(w.registrations.map((r) => [`reg-${r.carrierCode}`, r.registeredName])),
});

function WarehouseDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: B2bWarehouseRow | 'new';
  onClose: () => void;
  onSaved: () => void;
}) {
  const http = useHttp();
  const form = useForm(B2bWarehouseBody, editing === 'new' ? EMPTY : valuesOf(editing));
  const save = useRequest(
    (body: B2bWarehouseInput) =>
      editing === 'new'
        ? call(http, API_B2B.addWarehouse, { body })
        : call(http, API_B2B.editWarehouse, { params: { warehouseId: editing.warehouseId }, body }),
    {
      onDone: () => {
        notify({ kind: 'info', message: editing === 'new' ? 'B2B warehouse added' : 'B2B warehouse saved' });
        onSaved();
      },
      onError: (message) => form.showServerError(message, ['gstin', 'pincode', 'warehouseName', 'contactPhone']),
    },
  );
  const v = form.values as Record<string, string>;
  const submit = () => {
    const registrations = FREIGHT_CARRIER_CODES.filter((c) => (v[`reg-${c}`] ?? '').trim() !== '').map((c) => ({
      carrierCode: c,
      registeredName: v[`reg-${c}`],
    }));
    const body = form.parse({ ...v, registrations });
    if (body) save.run(body);
  };
  return (
    <FormDialog
      title={editing === 'new' ? 'Add B2B warehouse' : 'Edit B2B warehouse'}
      wide
      onClose={onClose}
      onSubmit={submit}
      error={form.failure(save.error)}
      saving={save.running}
      saveLabel="Save warehouse"
    >
      <div className="grid-2">
        <SelectField
          label="Warehouse type"
          value={v.warehouseKind}
          onChange={(e) => form.set('warehouseKind', e.target.value)}
          options={Object.entries(B2B_WAREHOUSE_KINDS).map(([value, label]) => ({ value, label }))}
          error={form.errors.warehouseKind}
        />
        <TextField label="Warehouse name" {...form.field('warehouseName')} />
        <TextField label="Business name" {...form.field('businessName')} />
        <TextField label={v.warehouseKind === 'OWN' ? 'GSTIN' : 'GSTIN (optional)'} {...form.field('gstin')} />
        <TextField label="Contact name" autoComplete="name" {...form.field('contactName')} />
        <TextField label="Contact phone" prefix="+91" inputMode="tel" {...form.field('contactPhone')} />
        <TextField label="Contact email (optional)" type="email" {...form.field('contactEmail')} />
        <TextField label="Address line 1" {...form.field('addressLine1')} />
        <TextField label="Address line 2 (optional)" {...form.field('addressLine2')} />
        <TextField label="Pincode" inputMode="numeric" {...form.field('pincode')} />
        {v.warehouseKind === 'OWN' &&
          FREIGHT_CARRIER_CODES.map((c) => (
            <TextField
              key={c}
              label={`Name registered with ${FREIGHT_CARRIERS[c]} (optional)`}
              {...form.field(`reg-${c}`)}
            />
          ))}
      </div>
      {form.errors.registrations && (
        <p className="field-error" role="alert">
          {form.errors.registrations}
        </p>
      )}
    </FormDialog>
  );
}

export function B2bWarehousesScreen() {
  const http = useHttp();
  const actions = useListActions('warehouses');
  const rows = useRowEditing<B2bWarehouseRow>(actions);
  const deletion = useConfirmDelete<B2bWarehouseRow>(actions, {
    title: 'Delete B2B warehouse?',
    confirmLabel: 'Delete warehouse',
    describe: (r) => `${r.warehouseName} will be removed.`,
    remove: (r) => call(http, API_B2B.deleteWarehouse, { params: { warehouseId: r.warehouseId } }),
    done: 'B2B warehouse deleted',
  });
  const columns: ListColumn<B2bWarehouseRow>[] = [
    {
      header: 'Warehouse',
      sortKey: 'warehouseName',
      cell: (r) => (
        <span>
          {r.warehouseName}
          <br />
          <span className="small-print">{r.warehouseKindText}</span>
        </span>
      ),
    },
    {
      header: 'Business',
      cell: (r) => (
        <span>
          {r.businessName}
          {r.gstin && (
            <>
              <br />
              <span className="small-print">GSTIN {r.gstin}</span>
            </>
          )}
        </span>
      ),
    },
    { header: 'Contact', cell: (r) => `${r.contactName} · ${formatPhone(r.contactPhone)}` },
    { header: 'Place', cell: (r) => `${r.city}, ${r.state} ${r.pincode}` },
    {
      header: 'Carrier registrations',
      cell: (r) => r.registrations.map((g) => `${g.carrierName}: ${g.registeredName}`).join('; ') || '—',
    },
    {
      header: 'Actions',
      cell: (r) => (
        <RowActions
          actions={[
            { label: 'Edit', name: `Edit ${r.warehouseName}`, onClick: () => rows.edit(r) },
            { label: 'Delete', name: `Delete ${r.warehouseName}`, variant: 'ghost', onClick: () => deletion.ask(r) },
          ]}
        />
      ),
    },
  ];
  return (
    <SellerShell>
      <div className="page">
        <header className="page-head row list-toolbar">
          <div>
            <h1>B2B warehouses</h1>
            <p>Where your B2B consignments leave from, and the businesses they go to.</p>
          </div>
          <div className="row">
            <Button onClick={() => rows.edit('new')}>Add B2B warehouse</Button>
            <Link to="/b2b/orders" className={buttonClass('secondary')}>
              B2B orders
            </Link>
          </div>
        </header>
        <ListView
          caption="B2B warehouses"
          noun="warehouses"
          path={API_B2B.warehouses.path}
          columns={columns}
          rowKey={(r) => r.warehouseId}
          sortBy="warehouseName"
          sortOrder="ASC"
          searchLabel="Search by name"
          refreshOn={actions.area}
        />
        {rows.editing && <WarehouseDialog editing={rows.editing} onClose={rows.close} onSaved={rows.saved} />}
        {deletion.dialog}
      </div>
    </SellerShell>
  );
}
