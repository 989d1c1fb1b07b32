import { API_SETUP, type WarehouseRow } from '../../../domain/setup-contract';
import { formatPhone } from '../../../domain/format';
import { WarehouseBody, type WarehouseInput } from '../../../domain/schemas/setup';
import { call } from '../../../services/call';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { useListActions, useRowEditing } from '../../hooks/use-action';
import { useConfirmDelete } from '../../hooks/use-confirm-delete';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Button, FormDialog, RowActions, TextField } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { PincodeField } from './pincode-field';
import { SetupPage } from './setup-screen';

// /setup/warehouses (spec section 3: warehouseName, contactName, contactEmail, addressLine1-3).

const EMPTY = {
  warehouseName: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  addressLine1: '',
  addressLine2: '',
  addressLine3: '',
  pincode: '',
};

function WarehouseDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: WarehouseRow | 'new';
  onClose: () => void;
  onSaved: () => void;
}) {
  const http = useHttp();
  const form = useForm(WarehouseBody, editing === 'new' ? EMPTY : { ...EMPTY, ...editing });
  const save = useRequest(
    (body: WarehouseInput) =>
      editing === 'new'
        ? call(http, API_SETUP.addWarehouse, { body })
        : call(http, API_SETUP.editWarehouse, { params: { warehouseId: editing.warehouseId }, body }),
    {
      onDone: () => {
        notify({ kind: 'info', message: editing === 'new' ? 'Warehouse added' : 'Warehouse saved' });
        onSaved();
      },
      onError: (message) => form.showServerError(message, ['pincode', 'warehouseName', 'contactPhone', 'contactEmail']),
    },
  );
  const v = form.values as typeof EMPTY;
  return (
    <FormDialog
      title={editing === 'new' ? 'Add warehouse' : 'Edit warehouse'}
      wide
      onClose={onClose}
      onSubmit={form.submitTo(save.run)}
      error={form.failure(save.error)}
      saving={save.running}
      saveLabel="Save warehouse"
    >
      <div className="grid-2">
        <TextField label="Warehouse name" {...form.field('warehouseName')} />
        <TextField label="Contact name" autoComplete="name" {...form.field('contactName')} />
        <TextField label="Contact email" type="email" autoComplete="email" {...form.field('contactEmail')} />
        <TextField label="Contact phone" prefix="+91" inputMode="tel" {...form.field('contactPhone')} />
        <TextField label="Address line 1" {...form.field('addressLine1')} />
        <TextField label="Address line 2 (optional)" {...form.field('addressLine2')} />
        <TextField label="Address line 3 (optional)" {...form.field('addressLine3')} />
        <PincodeField value={v.pincode} onChange={(p) => form.set('pincode', p)} error={form.errors.pincode} />
      </div>
    </FormDialog>
  );
}

export function WarehousesScreen() {
  const http = useHttp();
  const actions = useListActions('warehouses');
  const rows = useRowEditing<WarehouseRow>(actions);
  const deletion = useConfirmDelete<WarehouseRow>(actions, {
    title: 'Delete warehouse?',
    confirmLabel: 'Delete warehouse',
    describe: (r) => `${r.warehouseName} will be removed.`,
    remove: (r) => call(http, API_SETUP.deleteWarehouse, { params: { warehouseId: r.warehouseId } }),
    done: 'Warehouse deleted',
  });
  const columns: ListColumn<WarehouseRow>[] = [
    { header: 'Warehouse', cell: (r) => r.warehouseName, sortKey: 'warehouseName' },
    { header: 'Contact', cell: (r) => r.contactName },
    { header: 'Contact email', cell: (r) => r.contactEmail },
    { header: 'Contact phone', cell: (r) => formatPhone(r.contactPhone) },
    { header: 'Address line 1', cell: (r) => r.addressLine1 },
    { header: 'Address line 2', cell: (r) => r.addressLine2 },
    { header: 'Address line 3', cell: (r) => r.addressLine3 },
    { header: 'City', cell: (r) => `${r.city}, ${r.state} ${r.pincode}`, sortKey: 'city' },
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
    <SetupPage
      title="Warehouses"
      intro="Where your stock lives, and who to call there."
      action={<Button onClick={() => rows.edit('new')}>Add warehouse</Button>}
    >
      <ListView
        caption="Warehouses"
        noun="warehouses"
        path={API_SETUP.warehouses.path}
        columns={columns}
        rowKey={(r) => r.warehouseId}
        sortBy="warehouseName"
        searchLabel="Search by name, contact, city or pincode"
        exportName="warehouses"
        refreshOn={actions.area}
      />
      {rows.editing && <WarehouseDialog editing={rows.editing} onClose={rows.close} onSaved={rows.saved} />}
      {deletion.dialog}
    </SetupPage>
  );
}
