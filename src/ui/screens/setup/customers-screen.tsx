import { API_PRODUCTS, type CustomerRow } from '../../../domain/setup-contract';
import { formatDate, formatPhone } from '../../../domain/format';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SetupPage } from './setup-screen';
import { labelOf } from '../../../domain/display-labels';

// /setup/customers (spec section 3: entityName, phoneNumber, email, address, channel). Built
// from orders; nobody types customers in.

const COLUMNS: ListColumn<CustomerRow>[] = [
  { header: 'Name', cell: (r) => r.entityName, sortKey: 'entityName' },
  { header: 'Phone', cell: (r) => formatPhone(r.phoneNumber) },
  { header: 'Email', cell: (r) => r.email || '—' },
  { header: 'Address', cell: (r) => r.address },
  { header: 'Channel', cell: (r) => labelOf('orderSource', r.channel) },
  { header: 'Orders', cell: (r) => r.ordersCount.toLocaleString('en-IN'), sortKey: 'ordersCount' },
  { header: 'Last order', cell: (r) => (r.lastOrderAt ? formatDate(r.lastOrderAt) : '—'), sortKey: 'lastOrderAt' },
];

export function CustomersScreen() {
  return (
    <SetupPage title="Customers" intro="Every buyer you have shipped to, kept up to date from your orders.">
      <ListView
        caption="Customers"
        noun="customers"
        path={API_PRODUCTS.customers.path}
        columns={COLUMNS}
        rowKey={(r) => r.customerId}
        sortBy="lastOrderAt"
        sortOrder="DESC"
        searchLabel="Search by name, phone, email, city or pincode"
        exportName="customers"
      />
    </SetupPage>
  );
}
