import type * as v from 'valibot';
import { demoGstin } from '../../src/domain/gstin';
import type { B2bWarehouseBody } from '../../src/domain/schemas/b2b';

type WarehouseBody = v.InferInput<typeof B2bWarehouseBody>;

// The B2B tests' warehouses: the demo seller's own in Bengaluru and a consignee's near Mumbai.

export const OWN_WAREHOUSE: WarehouseBody = {
  warehouseKind: 'OWN',
  warehouseName: 'Peenya DC',
  businessName: 'Aarav Traders',
  gstin: demoGstin('Karnataka'),
  contactName: 'Ravi Kumar',
  contactPhone: '+91 98450 12345',
  contactEmail: 'Ravi@AaravTraders.in',
  addressLine1: 'Plot 14, 2nd Phase',
  addressLine2: 'Peenya Industrial Area',
  pincode: '560058',
  registrations: [{ carrierCode: 'DE-LTL', registeredName: 'AARAV PEENYA' }],
};

export const CONSIGNEE_WAREHOUSE: WarehouseBody = {
  warehouseKind: 'CONSIGNEE',
  warehouseName: 'Bhiwandi FC',
  businessName: 'Shree Retail LLP',
  gstin: demoGstin('Maharashtra'),
  contactName: 'Inward desk',
  contactPhone: '9820012345',
  addressLine1: 'Gala 7, Rahnal village',
  pincode: '421302',
};
