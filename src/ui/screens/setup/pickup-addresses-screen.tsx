import { useCallback, useState } from 'react';
import { API_SETUP, type PickupAddressRow } from '../../../domain/setup-contract';
import { formatPhone } from '../../../domain/format';
import { call } from '../../../services/call';
import { useHttp } from '../../../services/screen-services';
import { useListActions, useRowEditing } from '../../hooks/use-action';
import { useConfirmDelete } from '../../hooks/use-confirm-delete';
import { Badge, Button, RowActions } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { AddressDialog } from './address-dialog';
import { SetupPage } from './setup-screen';
import { VerifyPhoneDialog } from './verify-phone-dialog';
import { labelOf } from '../../../domain/display-labels';

// /setup/pickup-addresses (spec section 3: as customers plus primaryAddressFlag).

export function PickupAddressesScreen() {
  const http = useHttp();
  const actions = useListActions('pickupAddresses');
  const rows = useRowEditing<PickupAddressRow>(actions);
  const [verifying, setVerifying] = useState<PickupAddressRow | null>(null);
  const deletion = useConfirmDelete<PickupAddressRow>(actions, {
    title: 'Delete pickup address?',
    confirmLabel: 'Delete address',
    describe: (r) => `${r.entityName}, ${r.address}. Orders that used it keep their copy.`,
    remove: (r) => call(http, API_SETUP.addressDelete, { body: { addressId: r.addressId } }),
    done: 'Pickup address deleted',
  });
  const closeVerify = useCallback(() => {
    setVerifying(null);
    actions.refresh();
  }, [actions]);
  const columns: ListColumn<PickupAddressRow>[] = [
    { header: 'Name', cell: (r) => r.entityName, sortKey: 'entityName' },
    { header: 'Phone', cell: (r) => formatPhone(r.phoneNumber) },
    { header: 'Email', cell: (r) => r.email },
    { header: 'Address', cell: (r) => r.address, sortKey: 'city' },
    { header: 'Channel', cell: (r) => labelOf('orderSource', r.channel) },
    { header: 'Primary', cell: (r) => (r.primaryAddressFlag ? <Badge tone="brand">Primary</Badge> : '') },
    {
      header: 'Phone check',
      cell: (r) => (r.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Unverified</Badge>),
    },
    {
      header: 'Actions',
      cell: (r) => (
        <RowActions
          actions={[
            !r.verified && {
              label: 'Verify phone',
              name: `Verify phone of ${r.entityName}`,
              variant: 'primary',
              onClick: () => setVerifying(r),
            },
            { label: 'Edit', name: `Edit ${r.entityName}`, onClick: () => rows.edit(r) },
            !r.primaryAddressFlag && {
              label: 'Make primary',
              // the visible words first, as a voice user says them
              name: `Make primary: ${r.entityName}`,
              disabled: actions.busy,
              onClick: () =>
                actions.run(
                  () => call(http, API_SETUP.addressPrimary, { body: { addressId: r.addressId } }),
                  `${r.entityName} is now your primary pickup address`,
                ),
            },
            { label: 'Delete', name: `Delete ${r.entityName}`, variant: 'ghost', onClick: () => deletion.ask(r) },
          ]}
        />
      ),
    },
  ];
  return (
    <SetupPage
      title="Pickup addresses"
      intro="Couriers collect from your primary address unless an order says otherwise."
      action={<Button onClick={() => rows.edit('new')}>Add pickup address</Button>}
    >
      <ListView
        caption="Pickup addresses"
        noun="addresses"
        path={API_SETUP.addresses.path}
        columns={columns}
        rowKey={(r) => r.addressId}
        sortBy="entityName"
        searchLabel="Search by name, phone, email or city"
        exportName="pickup-addresses"
        refreshOn={actions.area}
      />
      {rows.editing && (
        <AddressDialog
          editing={rows.editing}
          onClose={rows.close}
          onSaved={(row) => {
            rows.saved();
            if (!row.verified) setVerifying(row);
          }}
        />
      )}
      {verifying && <VerifyPhoneDialog address={verifying} onClose={closeVerify} onVerified={closeVerify} />}
      {deletion.dialog}
    </SetupPage>
  );
}
