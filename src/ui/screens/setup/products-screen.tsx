import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_PRODUCTS, type ProductRow } from '../../../domain/setup-contract';
import { formatRupees, paiseOf } from '../../../domain/money';
import { call } from '../../../services/call';
import { useHttp } from '../../../services/screen-services';
import { useListActions, useRowEditing } from '../../hooks/use-action';
import { useConfirmDelete } from '../../hooks/use-confirm-delete';
import { Badge, Button, buttonClass, RowActions } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { MappingsDialog } from './mappings-dialog';
import { ProductDialog } from './product-dialog';
import { WeightFreezeDialog } from './weight-freeze-dialog';
import { SetupPage } from './setup-screen';

// /setup/products (spec section 3: productName, master SKU, inventory management, available
// inventory, stock alert threshold, price, enabled).

export function ProductsScreen() {
  const http = useHttp();
  const actions = useListActions('products');
  const rows = useRowEditing<ProductRow>(actions);
  const [mapping, setMapping] = useState<ProductRow | null>(null);
  const [freezing, setFreezing] = useState<ProductRow | null>(null);
  const deletion = useConfirmDelete<ProductRow>(actions, {
    title: 'Delete product?',
    confirmLabel: 'Delete product',
    describe: (r) => `${r.productName} (${r.sku}) will be removed. Past orders keep their copy.`,
    remove: (r) => call(http, API_PRODUCTS.deleteProduct, { params: { productId: r.productId } }),
    done: 'Product deleted',
  });
  const columns: ListColumn<ProductRow>[] = [
    { header: 'Product', cell: (r) => r.productName, sortKey: 'productName' },
    { header: 'Master SKU', cell: (r) => r.sku, sortKey: 'sku' },
    { header: 'Inventory managed', cell: (r) => (r.inventoryManagementEnabled ? 'Yes' : 'No') },
    {
      header: 'Available',
      sortKey: 'availableInventory',
      cell: (r) =>
        r.inventoryManagementEnabled ? (
          <span className="row">
            {r.availableInventory.toLocaleString('en-IN')} {r.lowStock && <Badge tone="warning">Low stock</Badge>}
          </span>
        ) : (
          '—'
        ),
    },
    {
      header: 'Stock alert at',
      cell: (r) => (r.inventoryManagementEnabled ? r.notifyThreshold.toLocaleString('en-IN') : '—'),
    },
    { header: 'Price', cell: (r) => formatRupees(paiseOf(r.price)), sortKey: 'price' },
    { header: 'GST', cell: (r) => `${r.taxRatePercent}%` },
    {
      header: 'Status',
      cell: (r) => (r.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Disabled</Badge>),
    },
    {
      header: 'Actions',
      cell: (r) => (
        <RowActions
          actions={[
            { label: 'Edit', name: `Edit ${r.productName}`, onClick: () => rows.edit(r) },
            {
              label: r.enabled ? 'Disable' : 'Enable',
              name: `${r.enabled ? 'Disable' : 'Enable'} ${r.productName}`,
              disabled: actions.busy,
              onClick: () =>
                actions.run(
                  () =>
                    call(http, API_PRODUCTS.productStatus, {
                      body: { productId: r.productId, activated: !r.enabled },
                    }),
                  `${r.productName} ${r.enabled ? 'disabled' : 'enabled'}`,
                ),
            },
            {
              label: 'Mappings',
              name: `Channel mappings of ${r.productName}`,
              variant: 'ghost',
              onClick: () => setMapping(r),
            },
            {
              label: 'Freeze',
              name: `Freeze the weight of ${r.productName}`,
              variant: 'ghost',
              onClick: () => setFreezing(r),
            },
            { label: 'Delete', name: `Delete ${r.productName}`, variant: 'ghost', onClick: () => deletion.ask(r) },
          ]}
        />
      ),
    },
  ];
  return (
    <SetupPage
      title="Products"
      intro="Your catalogue. Orders pick products from here; invoices print their HSN code and GST."
      action={
        <div className="row">
          <Link to="/setup/products/upload" className={buttonClass('secondary')}>
            Bulk upload
          </Link>
          <Button onClick={() => rows.edit('new')}>Add product</Button>
        </div>
      }
    >
      <ListView
        caption="Products"
        noun="products"
        path={API_PRODUCTS.products.path}
        columns={columns}
        rowKey={(r) => r.productId}
        sortBy="productName"
        searchLabel="Search by name, SKU or HSN code"
        exportName="products"
        refreshOn={actions.area}
      />
      {rows.editing && <ProductDialog editing={rows.editing} onClose={rows.close} onSaved={rows.saved} />}
      {mapping && <MappingsDialog product={mapping} onClose={() => setMapping(null)} />}
      {freezing && <WeightFreezeDialog product={freezing} onClose={() => setFreezing(null)} />}
      {deletion.dialog}
    </SetupPage>
  );
}
