import { pathOf } from '../../src/domain/operation';
// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API_PRODUCTS,
  API_SETUP,
  exportPath,
  type PickupAddressRow,
  type ProductRow,
  type ProductUploadRow,
} from '../../src/domain/setup-contract';
import { MSG } from '../../src/domain/messages';
import { PackageTypesScreen } from '../../src/ui/screens/setup/package-types-screen';
import { PickupAddressesScreen } from '../../src/ui/screens/setup/pickup-addresses-screen';
import { ProductsScreen } from '../../src/ui/screens/setup/products-screen';
import { ProductUploadScreen } from '../../src/ui/screens/setup/product-upload-screen';
import { fakeHttp, page, renderScreen, screensThatSaveFiles } from './helpers';

screensThatSaveFiles();

const KURTA: ProductRow = {
  productId: 1,
  productName: 'Cotton Kurta',
  sku: 'KURTA-1',
  inventoryManagementEnabled: true,
  availableInventory: 3,
  notifyThreshold: 5,
  price: 799,
  enabled: true,
  categoryId: 1,
  categoryName: 'Apparel & Fashion',
  weightKg: 0.35,
  lengthCm: 30,
  breadthCm: 25,
  heightCm: 4,
  hsnCode: '6211',
  taxRatePercent: 5,
  lowStock: true,
};
const type = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(root).getByLabelText(label), { target: { value } });

describe('a setup list', () => {
  it("shows 'No results found', then searches, sorts on the server and exports the current list", async () => {
    const { http, calls } = fakeHttp({
      [`GET ${API_PRODUCTS.products.path}`]: (q) =>
        (q as { searchPattern?: string }).searchPattern ? page([KURTA], 12) : page([]),
      [`DOWNLOAD ${exportPath(API_PRODUCTS.products.path)}`]: () => new Blob(['a,b']),
    });
    renderScreen(<ProductsScreen />, { http });
    await screen.findByText(MSG.noResults);
    fireEvent.change(screen.getByLabelText('Search by name, SKU or HSN code'), { target: { value: ' kurta ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const row = await screen.findByRole('row', { name: /KURTA-1/ });
    expect(within(row).getByText('Low stock')).toBeTruthy();
    expect(within(row).getByText('₹799.00')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2 · 12 products')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Price/ }));
    fireEvent.click(screen.getByRole('button', { name: /Price/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('descending'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV of products' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DOWNLOAD')).toBe(true));
    expect(calls.filter((c) => c.method === 'GET').at(-1)!.body).toMatchObject({
      searchPattern: 'kurta',
      sortBy: 'price',
      sortOrder: 'DESC',
      pageNumber: 0,
    });
    expect(calls.find((c) => c.method === 'DOWNLOAD')!.body).toEqual({
      searchPattern: 'kurta',
      sortBy: 'price',
      sortOrder: 'DESC',
    });
  });
});

describe('products', () => {
  it('checks the form with the API rules, then adds the product and reloads the list', async () => {
    let saved: unknown = null;
    const { http } = fakeHttp({
      [`GET ${API_PRODUCTS.products.path}`]: () => page(saved ? [KURTA] : []),
      [`GET ${API_PRODUCTS.categories.path}`]: () => ({ data: [{ categoryId: 1, categoryName: 'Apparel & Fashion' }] }),
      [`POST ${API_PRODUCTS.products.path}`]: (body) => {
        saved = body;
        return { data: KURTA };
      },
    });
    renderScreen(<ProductsScreen />, { http });
    await screen.findByText(MSG.noResults);
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add product' });
    type(dialog, 'Product name', 'Co');
    type(dialog, 'Master SKU', 'BAD SKU');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    expect(within(dialog).getByText('Product name must be 3 to 100 characters')).toBeTruthy();
    expect(within(dialog).getByText(/SKU may use letters, digits/)).toBeTruthy();
    expect(within(dialog).getByText('Price is required')).toBeTruthy();
    type(dialog, 'Product name', 'Cotton Kurta');
    type(dialog, 'Master SKU', 'KURTA-1');
    await within(dialog).findByRole('option', { name: 'Apparel & Fashion' });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: '1' } });
    for (const [label, value] of [
      ['Price', '799'],
      ['Weight per unit (kg)', '0.35'],
      ['Length (cm)', '30'],
      ['Breadth (cm)', '25'],
      ['Height (cm)', '4'],
      ['HSN code (optional)', '6211'],
    ])
      type(dialog, label, value);
    fireEvent.change(within(dialog).getByLabelText('GST rate'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByLabelText('Manage inventory for this product'));
    type(dialog, 'Available inventory', '3');
    type(dialog, 'Stock alert at', '5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save product' }));
    await screen.findByRole('row', { name: /KURTA-1/ });
    expect(saved).toEqual({
      productName: 'Cotton Kurta',
      sku: 'KURTA-1',
      categoryId: 1,
      price: 799,
      inventoryManagementEnabled: true,
      availableInventory: 3,
      notifyThreshold: 5,
      weightKg: 0.35,
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 4,
      hsnCode: '6211',
      taxRatePercent: 5,
    });
    expect(screen.getByRole('status').textContent).toContain('Cotton Kurta added');
  });
});

describe('package types', () => {
  it('shows the volumetric weight while the dimensions are typed', async () => {
    const { http } = fakeHttp({ [`GET ${API_SETUP.packageTypes.path}`]: () => page([]) });
    renderScreen(<PackageTypesScreen />, { http });
    fireEvent.click(await screen.findByRole('button', { name: 'Add package type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add package type' });
    expect(within(dialog).getByText(/Volumetric weight: —/)).toBeTruthy();
    type(dialog, 'Length (cm)', '40');
    type(dialog, 'Breadth (cm)', '30');
    type(dialog, 'Height (cm)', '20');
    expect(within(dialog).getByText(/Volumetric weight: 4.8 kg/)).toBeTruthy();
    type(dialog, 'Package name', 'AB');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save package type' }));
    expect(within(dialog).getByText('Package name must be 3 to 30 characters')).toBeTruthy();
  });
});

describe('pickup addresses', () => {
  const ADDRESS: PickupAddressRow = {
    addressId: 4,
    entityName: 'Peenya unit',
    phoneNumber: '9845012345',
    email: 'p@a.in',
    address: 'Plot 14, Bengaluru, Karnataka 560058',
    addressLine1: 'Plot 14',
    addressLine2: '',
    pincode: '560058',
    city: 'Bengaluru',
    state: 'Karnataka',
    channel: 'DAKIYA',
    primaryAddressFlag: true,
    verified: false,
  };

  it('adds an address with the city from its pincode, then verifies its phone by OTP', async () => {
    let verified = false;
    const { http, calls } = fakeHttp({
      [`GET ${API_SETUP.addresses.path}`]: () =>
        page(calls.some((c) => c.method === 'POST') ? [{ ...ADDRESS, verified }] : []),
      [`GET ${pathOf(API_SETUP.pincode, { pincode: '560058' })}`]: () => ({
        data: { pincode: '560058', city: 'Bengaluru', state: 'Karnataka' },
      }),
      [`POST ${API_SETUP.addresses.path}`]: () => ({ data: ADDRESS }),
      [`GET ${pathOf(API_SETUP.sendAddressOtp, { addressId: 4 })}`]: () => ({
        data: { message: MSG.phoneOtpSent, phoneNumber: '9845012345' },
      }),
      [`PUT ${pathOf(API_SETUP.sendAddressOtp, { addressId: 4 })}`]: (body) => {
        if ((body as { code: string }).code !== '123456') throw { status: 400, message: 'Incorrect OTP entered' };
        verified = true;
        return { data: { ...ADDRESS, verified: true } };
      },
    });
    renderScreen(<PickupAddressesScreen />, { http });
    fireEvent.click(await screen.findByRole('button', { name: 'Add pickup address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add pickup address' });
    type(dialog, 'Name at this address', 'Peenya unit');
    type(dialog, 'Phone number', '+91 98450 12345');
    type(dialog, 'Email', 'p@a.in');
    type(dialog, 'Address line 1', 'Plot 14');
    type(dialog, 'Pincode', '560058');
    await within(dialog).findByText('Bengaluru, Karnataka');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save address' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify pickup phone' });
    await within(verify).findByText(MSG.phoneOtpSent);
    expect(within(verify).getByRole('button', { name: /Resend OTP in 1:00/ })).toBeTruthy();
    const boxes = within(verify).getAllByRole('textbox');
    fireEvent.paste(boxes[0], { clipboardData: { getData: () => '654321' } });
    fireEvent.click(within(verify).getByRole('button', { name: 'Verify' }));
    await within(verify).findByText('Incorrect OTP entered');
    fireEvent.paste(within(verify).getAllByRole('textbox')[0], { clipboardData: { getData: () => '123456' } });
    fireEvent.click(within(verify).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Verify pickup phone' })).toBeNull());
    const row = await screen.findByRole('row', { name: /Peenya unit/ });
    await within(row).findByText('Verified');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      entityName: 'Peenya unit',
      phoneNumber: '9845012345',
      email: 'p@a.in',
      addressLine1: 'Plot 14',
      addressLine2: '',
      pincode: '560058',
    });
  });
});

describe('products CSV upload', () => {
  it('uploads with byte progress, follows the server to DONE and offers the error CSV', async () => {
    const done: ProductUploadRow = {
      uploadId: 9,
      kind: 'PRODUCTS',
      fileName: 'p.csv',
      status: 'DONE',
      percent: 100,
      totalRows: 3,
      processedRows: 3,
      result: { created: 2, rejected: 1, errorFileUrl: pathOf(API_PRODUCTS.uploads.errorCsv, { uploadId: 9 }) },
      error: null,
      createdAt: '2026-11-20T06:30:00Z',
      finishedAt: '2026-11-20T06:30:01Z',
    };
    const { http, calls } = fakeHttp({
      [`GET ${API_PRODUCTS.uploads.latest.path}`]: () => ({ data: null }),
      [`GET ${API_PRODUCTS.uploads.history.path}`]: () => page([]),
      [`UPLOAD ${API_PRODUCTS.uploads.upload.path}`]: () => ({
        data: { ...done, status: 'PENDING', percent: 0, result: null },
      }),
      [`GET ${pathOf(API_PRODUCTS.uploads.status, { uploadId: '9' })}`]: () => ({ data: done }),
      [`DOWNLOAD ${pathOf(API_PRODUCTS.uploads.errorCsv, { uploadId: 9 })}`]: () => new Blob(['x']),
    });
    renderScreen(<ProductUploadScreen />, { http });
    const input = screen.getByLabelText('Products CSV file');
    fireEvent.change(input, { target: { files: [new File(['a'], 'p.xlsx')] } });
    expect(await screen.findByText('Please choose a .csv file')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['productName,sku\nA,B'], 'p.csv', { type: 'text/csv' })] } });
    // one step: choosing the file uploads it (no Upload button to find)
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    await screen.findByText('2 rows created, 1 row rejected');
    fireEvent.click(screen.getByRole('button', { name: 'Download error CSV' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'DOWNLOAD' && c.path === pathOf(API_PRODUCTS.uploads.errorCsv, { uploadId: 9 })),
      ).toBe(true),
    );
    // the drop zone: a file dropped on it is taken like a chosen one
    const zone = screen.getByText('Products CSV file').closest('label')!;
    expect(zone.className).toContain('drop-zone');
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['a'], 'notes.txt')] } });
    expect(await screen.findByText('Please choose a .csv file')).toBeTruthy();
  });
});
