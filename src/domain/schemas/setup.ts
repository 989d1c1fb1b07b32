import * as v from 'valibot';
import { EMAIL, INDIAN_MOBILE, normalisePhone, numberSchema, recordIdField } from './fields';
import { addressText } from './address-text';
import { sharedNamesPattern } from './shared-set';
import { MSG } from '../messages';
import { oneOf } from './choice';

// Request bodies of the seller-setup area (spec section 5: packageName 3-30; package
// dimensions required positive decimals).

const dimension = (field: string) =>
  v.pipe(
    numberSchema(field),
    v.check((n) => Number.isFinite(n) && n > 0, `${field} must be a positive number`),
    v.maxValue(300, `${field} must be at most 300 cm`),
    v.check(
      (n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
      `${field} may have at most 2 decimals`,
    ),
  );

export const PACKAGE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** An Indian pincode: six digits, not starting with 0. */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

// The columns each setup list may be sorted by.
export const ADDRESS_SORT = ['entityName', 'city', 'createdAt'] as const;
export const WAREHOUSE_SORT = ['warehouseName', 'city', 'createdAt'] as const;
export const PACKAGE_SORT = ['packageName', 'volWeight', 'createdAt'] as const;
export const CUSTOMER_SORT = ['entityName', 'createdAt', 'lastOrderAt', 'ordersCount'] as const;

export const PackageTypeBody = v.object({
  packageName: v.pipe(
    v.string('packageName is required'),
    v.trim(),
    v.minLength(3, 'packageName must be 3 to 30 characters'),
    v.maxLength(30, 'packageName must be 3 to 30 characters'),
  ),
  packageType: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.minLength(2, 'packageType must be 2 to 20 characters'),
      v.maxLength(20, 'packageType must be 2 to 20 characters'),
    ),
    'Box',
  ),
  packageLength: dimension('packageLength'),
  packageBreadth: dimension('packageBreadth'),
  packageHeight: dimension('packageHeight'),
});
export type PackageTypeInput = v.InferOutput<typeof PackageTypeBody>;

export const PackageStatusBody = v.object({
  packageTypeId: recordIdField('packageTypeId'),
  packageStatus: oneOf(PACKAGE_STATUSES, 'packageStatus', 'recordStatus'),
});

export const SmartPackageBody = v.object({ activated: v.boolean('activated must be true or false') });

const text = (field: string, min: number, max: number) =>
  v.pipe(
    v.string(`${field} is required`),
    v.trim(),
    v.minLength(min, `${field} must be ${min} to ${max} characters`),
    v.maxLength(max, `${field} must be ${min} to ${max} characters`),
  );
const optionalText = (field: string, max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`)), '');

export const WarehouseBody = v.object({
  warehouseName: text('warehouseName', 3, 50),
  contactName: text('contactName', 2, 50),
  contactEmail: v.pipe(
    v.string('contactEmail is required'),
    v.trim(),
    v.regex(EMAIL, 'contactEmail: This email is invalid'),
    v.toLowerCase(),
  ),
  contactPhone: v.pipe(
    v.string('contactPhone is required'),
    v.transform(normalisePhone),
    v.regex(INDIAN_MOBILE, 'contactPhone: This phone number is invalid'),
  ),
  addressLine1: v.pipe(text('addressLine1', 3, 120), addressText('addressLine1')),
  addressLine2: v.pipe(optionalText('addressLine2', 120), addressText('addressLine2')),
  addressLine3: v.pipe(optionalText('addressLine3', 120), addressText('addressLine3')),
  pincode: v.pipe(
    v.string('pincode is required'),
    v.trim(),
    v.regex(/^[1-9]\d{5}$/, 'pincode must be 6 digits and not start with 0'),
  ),
});
export type WarehouseInput = v.InferOutput<typeof WarehouseBody>;

/** The street lines and pincode every address form takes (city and state come from the pincode). */
const POSTAL_ADDRESS_FIELDS = {
  addressLine1: v.pipe(text('addressLine1', 3, 120), addressText('addressLine1')),
  addressLine2: v.pipe(optionalText('addressLine2', 120), addressText('addressLine2')),
  pincode: v.pipe(
    v.string('pincode is required'),
    v.trim(),
    v.regex(/^[1-9]\d{5}$/, 'pincode must be 6 digits and not start with 0'),
  ),
};

export const PickupAddressBody = v.object({
  entityName: text('entityName', 3, 60),
  phoneNumber: v.pipe(
    v.string('phoneNumber is required'),
    v.transform(normalisePhone),
    v.regex(INDIAN_MOBILE, 'phoneNumber: This phone number is invalid'),
  ),
  email: v.pipe(
    v.string('email is required'),
    v.trim(),
    v.regex(EMAIL, 'email: This email is invalid'),
    v.toLowerCase(),
  ),
  ...POSTAL_ADDRESS_FIELDS,
});
export type PickupAddressInput = v.InferOutput<typeof PickupAddressBody>;

export const AddressIdBody = v.object({
  addressId: recordIdField('addressId'),
});

export const PickupOtpBody = v.object({
  code: v.pipe(v.string('code is required'), v.regex(/^\d{6}$/, 'Please enter the OTP in numerical format')),
  phoneNumber: v.pipe(
    v.string('phoneNumber is required'),
    v.transform(normalisePhone),
    v.regex(INDIAN_MOBILE, 'phoneNumber: This phone number is invalid'),
  ),
});

/**
 * A customer the owner registers by hand (POST owner/register/customer): the customer book's
 * fields. The name follows the shared names pattern (letters and spaces, 5-20), whose message is
 * the catalogue's 'invalid Customer Name' (docs/decisions/shared-field-rules.md).
 */
export const RegisterCustomerBody = v.object({
  customerName: sharedNamesPattern(MSG.invalidCustomerName),
  phoneNumber: v.pipe(
    v.string('phoneNumber is required'),
    v.transform(normalisePhone),
    v.regex(INDIAN_MOBILE, 'phoneNumber: This phone number is invalid'),
  ),
  email: v.optional(
    v.pipe(
      v.string('email: This email is invalid'),
      v.trim(),
      v.check((e) => e === '' || EMAIL.test(e), 'email: This email is invalid'),
      v.toLowerCase(),
    ),
    '',
  ),
  ...POSTAL_ADDRESS_FIELDS,
});
export type RegisterCustomerInput = v.InferOutput<typeof RegisterCustomerBody>;

/** A customer's id where it is typed or linked: one that does not parse says 'invalid Customer id'. */
export const customerIdField = v.pipe(
  v.string(MSG.invalidCustomerId),
  v.trim(),
  v.regex(/^[1-9]\d{0,8}$/, MSG.invalidCustomerId),
  v.transform(Number),
);
