import { describe, expect, it } from 'vitest';
import {
  channelName,
  codesShownIn,
  DISPLAY_LABELS,
  knownCodes,
  labelOf,
  type LabelKind,
} from '../../src/domain/display-labels';
import { BILLING_FREQUENCIES, ROLES, SUBSCRIPTION_TYPES } from '../../src/domain/constants';
import { CARRIER_CODES } from '../../src/domain/shipping/carriers';
import { HYPERLOCAL_PARTNERS } from '../../src/domain/shipping/hyperlocal';
import { FORWARD_STATUS_CODES, RETURN_STATUS_CODES } from '../../src/domain/order-status';
import { FULFILMENT_TYPES, ORDER_SOURCES, PAYMENT_METHODS } from '../../src/domain/schemas/order';
import { UPLOAD_KINDS, UPLOAD_STATES } from '../../src/domain/uploads-contract';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../../src/domain/tickets-contract';
import { NDR_ACTION_KINDS, NDR_ACTION_SOURCES, NDR_REASON_CODES, NDR_STATUSES } from '../../src/domain/ndr-contract';
import { STAFF_ROLE_CODES } from '../../src/domain/staff-permissions';

// The label table is complete for each enumeration the product stores, and no label is the code
// itself (the screens would then show the code after all).

const ENUMS: Partial<Record<LabelKind, readonly string[]>> = {
  orderStatus: [...FORWARD_STATUS_CODES, ...RETURN_STATUS_CODES],
  role: ROLES,
  staffRole: STAFF_ROLE_CODES,
  courier: [...CARRIER_CODES, ...HYPERLOCAL_PARTNERS.map((p) => p.code)],
  orderSource: ORDER_SOURCES,
  paymentMethod: PAYMENT_METHODS,
  fulfilment: FULFILMENT_TYPES,
  plan: SUBSCRIPTION_TYPES,
  billingFrequency: BILLING_FREQUENCIES,
  uploadKind: UPLOAD_KINDS,
  uploadState: UPLOAD_STATES,
  ticketStatus: TICKET_STATUSES,
  staffTicketStatus: TICKET_STATUSES,
  ticketCategory: TICKET_CATEGORIES,
  ticketPriority: TICKET_PRIORITIES,
  ndrStatus: NDR_STATUSES,
  ndrAction: NDR_ACTION_KINDS,
  ndrReason: NDR_REASON_CODES,
  ndrActionSource: NDR_ACTION_SOURCES,
  memberStatus: ['ACTIVE', 'INVITED', 'DEACTIVATED'],
};

describe('the label table', () => {
  it.each(Object.entries(ENUMS))('has a label for every %s code', (kind, codes) => {
    const table = DISPLAY_LABELS[kind as LabelKind] as Record<string, string>;
    expect(codes!.filter((c) => !table[c]?.trim())).toEqual([]);
  });

  it.each(Object.keys(DISPLAY_LABELS))('%s: no label is its own code, none is empty', (kind) => {
    const table = DISPLAY_LABELS[kind as LabelKind] as Record<string, string>;
    const bad = Object.entries(table).filter(([code, label]) => !label.trim() || label === code);
    expect(bad).toEqual([]);
  });

  it('reads the codes the product was seen to show', () => {
    expect(labelOf('orderSource', 'DAKIYA')).toBe('Dakiya panel');
    expect(labelOf('orderSource', 'MAGENTO2')).toBe('Magento 2');
    expect(labelOf('uploadState', 'DONE')).toBe('Finished');
    expect(labelOf('memberStatus', 'INVITED')).toBe('Invitation sent');
    expect(labelOf('role', 'SELLER')).toBe('Seller');
    expect(labelOf('role', 'USER')).toBe('User');
    expect(labelOf('ndrAction', 'CHANGE_ADDRESS')).toBe('Change address');
    expect(labelOf('orderStatus', 'RTO_DLV')).toBe('RTO Delivered');
    expect(labelOf('orderStatus', 'RPF')).toBe('Return Pickup Failed');
    expect(labelOf('courier', 'DE')).not.toBe('DE');
    expect(labelOf('courier', 'SF')).not.toBe('SF');
    expect(labelOf('courier', 'UB')).not.toBe('UB');
  });

  it('puts a code it does not know in words, and an empty one as a dash', () => {
    expect(labelOf('staffAction', 'kyc.override_name')).toBe('Kyc override name');
    expect(labelOf('orderStatus', null)).toBe('—');
  });

  it('knows every code for the scans of screens and documents', () => {
    const codes = knownCodes();
    for (const c of ['DAKIYA', 'MAGENTO2', 'DONE', 'ACTIVE', 'INVITED', 'CHANGE_ADDRESS', 'RTO_DLV', 'DE'])
      expect(codes.has(c), c).toBe(true);
  });
});

describe('codes shown in a text', () => {
  it('finds codes written as codes, not the same words in prose', () => {
    expect(codesShownIn('Source DAKIYA, status DONE, member INVITED, NDR-12-CHANGE_ADDRESS via DE')).toEqual([
      'DAKIYA',
      'DONE',
      'INVITED',
      'CHANGE_ADDRESS',
      'DE',
    ]);
    expect(codesShownIn('Dakiya panel · Finished · Invitation sent · Delhivery · Active')).toEqual([]);
  });
  it('lets abbreviations sellers use pass, and AWBs, order numbers and pincodes', () => {
    expect(codesShownIn('COD ₹1,450.00 · RTO · NDR · API key · AWB 1234567890 · ORD-1001 · 560001')).toEqual([]);
  });
});

describe('channelName', () => {
  it('names an order source and leaves a store its own name', () => {
    expect(channelName('DAKIYA')).toBe('Dakiya panel');
    expect(channelName('AMAZON')).toBe('Amazon');
    expect(channelName('Chai Corner')).toBe('Chai Corner');
    expect(channelName(null)).toBe('—');
  });
});
