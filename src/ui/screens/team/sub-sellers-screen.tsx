import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDate, formatDateTime, formatRupees } from '../../../domain/format';
import { statusText } from '../../../domain/order-status';
import {
  API_TEAM,
  type ConsolidatedOrder,
  type ConsolidatedShipment,
  type ConsolidatedWalletEntry,
  type SubSeller,
} from '../../../domain/team-contract';
import { NewSubSellerBody } from '../../../domain/schemas/team';
import { useOnInvalidate, invalidate } from '../../../services/invalidate';
import { useScreenSession } from '../../../services/screen-services';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { Button, DataTable, FormDialog, Loadable, TextField } from '../../kit';
import { ListFilters, useListParams, type SelectFilter } from '../../lists/list-filters';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SellerShell } from '../shell/seller-shell';
import { labelOf } from '../../../domain/display-labels';

// /sub-sellers: the owner's sub-seller accounts (their own organisations), a new one, switching
// into one, and the consolidated orders, shipments and wallet lines with one sub-seller filter.

const EMPTY = { companyName: '', firstName: '', lastName: '', email: '', phone: '' };
const LABELS: [keyof typeof EMPTY, string][] = [
  ['companyName', 'Company name'],
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone number'],
];

function NewSellerDialog({ onClose }: { onClose: () => void }) {
  const form = useForm(NewSubSellerBody, EMPTY);
  const save = useOperation(API_TEAM.newSeller, (body: typeof EMPTY) => ({ body }), {
    onDone: () => {
      invalidate('team');
      onClose();
    },
    onError: (message) => form.showServerError(message, ['email', 'companyName', 'phone']),
  });
  return (
    <FormDialog
      title="New sub-seller"
      onClose={onClose}
      onSubmit={form.submitTo(save.run)}
      error={form.failure(save.error)}
      saving={save.running}
      saveLabel="Create sub-seller"
    >
      {LABELS.map(([field, label]) => (
        <TextField key={field} label={label} {...form.field(field)} />
      ))}
    </FormDialog>
  );
}

const ORDER_COLUMNS: ListColumn<ConsolidatedOrder>[] = [
  { header: 'Order', cell: (r) => r.orderNumber },
  { header: 'Account', cell: (r) => r.companyName },
  { header: 'Status', cell: (r) => statusText(r.status) },
  { header: 'Total', cell: (r) => formatRupees(r.totalPaise) },
  { header: 'Created', cell: (r) => formatDate(r.createdAt) },
];
const SHIPMENT_COLUMNS: ListColumn<ConsolidatedShipment>[] = [
  { header: 'AWB', cell: (r) => r.awb },
  { header: 'Order', cell: (r) => r.orderNumber },
  { header: 'Account', cell: (r) => r.companyName },
  { header: 'Courier', cell: (r) => labelOf('courier', r.carrierCode) },
  { header: 'Status', cell: (r) => (r.state === 'CANCELLED' ? 'Cancelled' : statusText(r.status)) },
  { header: 'Charge', cell: (r) => formatRupees(r.chargePaise) },
  { header: 'Booked', cell: (r) => formatDateTime(r.bookedAt) },
];
const WALLET_COLUMNS: ListColumn<ConsolidatedWalletEntry>[] = [
  { header: 'Date', cell: (r) => formatDateTime(r.createdAt) },
  { header: 'Account', cell: (r) => r.companyName },
  { header: 'Type', cell: (r) => r.label },
  { header: 'Description', cell: (r) => r.description },
  { header: 'Amount', cell: (r) => formatRupees(r.amountPaise) },
  { header: 'Balance after', cell: (r) => formatRupees(r.balanceAfterPaise) },
];

export function SubSellersScreen() {
  const session = useScreenSession();
  const navigate = useNavigate();
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const sellers = useOperation(API_TEAM.sellers, {}, { load: true });
  useOnInvalidate('team', () => sellers.run());
  const switcher = useOperation(API_TEAM.switchSeller, (orgId: number) => ({ params: { orgId } }), {
    onDone: ({ accessToken }) => {
      session.adoptAccessToken?.(accessToken);
      navigate('/home');
    },
  });
  // one sub-seller filter (?seller=) narrows all three lists; each pages on its own
  const filters = list.filters({ sellerOrgId: 'seller' });
  const sellerFilter: SelectFilter = {
    param: 'seller',
    label: 'Sub-seller',
    options: (sellers.data ?? []).map((s) => ({ value: String(s.orgId), label: s.companyName })),
  };
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Sub-sellers</h1>
          <p>Accounts of their own that you run. Each sees only its own data; you see them all here.</p>
        </div>
        <div className="row">
          <Button onClick={() => setAdding(true)}>New sub-seller</Button>
        </div>
        <Loadable loading={sellers.loading} error={sellers.error} onRetry={sellers.retry}>
          {() => (
            <DataTable<SubSeller>
              caption="Sub-sellers"
              rows={sellers.data ?? []}
              rowKey={(r) => r.orgId}
              columns={[
                { header: 'Company', cell: (r) => r.companyName },
                { header: 'Owner', cell: (r) => `${r.ownerName} (${r.ownerEmail})` },
                { header: 'Since', cell: (r) => formatDate(r.createdAt) },
                {
                  header: 'Actions',
                  cell: (r) => (
                    <Button variant="secondary" disabled={switcher.running} onClick={() => switcher.run(r.orgId)}>
                      Switch to {r.companyName}
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </Loadable>
        <ListFilters list={list} selects={[sellerFilter]} />
        <h2>Orders</h2>
        <ListView
          caption="Orders of all accounts"
          noun="orders"
          path={API_TEAM.consolidatedOrders.path}
          columns={ORDER_COLUMNS}
          rowKey={(r) => r.orderId}
          rowLabel={(r) => r.orderNumber}
          sortBy="createdAt"
          filters={filters}
          refreshOn="team"
        />
        <h2>Shipments</h2>
        <ListView
          caption="Shipments of all accounts"
          noun="shipments"
          path={API_TEAM.consolidatedShipments.path}
          columns={SHIPMENT_COLUMNS}
          rowKey={(r) => r.shipmentId}
          rowLabel={(r) => r.awb}
          sortBy="bookedAt"
          filters={filters}
          refreshOn="team"
        />
        <h2>Wallet lines</h2>
        <ListView
          caption="Wallet lines of all accounts"
          noun="wallet lines"
          path={API_TEAM.consolidatedWalletHistory.path}
          columns={WALLET_COLUMNS}
          rowKey={(r) => `${r.orgId}-${r.entryId}`}
          sortBy="createdAt"
          filters={filters}
          refreshOn="team"
        />
        {adding && <NewSellerDialog onClose={() => setAdding(false)} />}
      </div>
    </SellerShell>
  );
}
