import * as v from 'valibot';

// Home's "Ship your first parcel" checklist: what a new seller does before a first shipment, each
// item ticked by the server from the seller's real records (never a guess of the browser), each
// linking to where it is done. Home hides it once every item is done.

export const CHECKLIST_ITEMS = ['KYC', 'PICKUP_ADDRESS', 'WALLET', 'FIRST_ORDER', 'FIRST_SHIPMENT'] as const;
export type ChecklistItemKey = (typeof CHECKLIST_ITEMS)[number];

/** Each item's words and where it is done. */
export const CHECKLIST_TEXT: Record<ChecklistItemKey, { title: string; todo: string; done: string; to: string }> = {
  KYC: {
    title: 'Verify your KYC',
    todo: 'PAN and Aadhaar by OTP: verified in minutes when the names match.',
    done: 'KYC verified.',
    to: '/kyc',
  },
  PICKUP_ADDRESS: {
    title: 'Add a pickup address',
    todo: 'Where couriers collect your parcels.',
    done: 'Pickup address added.',
    to: '/setup/pickup-addresses',
  },
  WALLET: {
    title: 'Recharge your wallet',
    todo: 'Freight is paid from the wallet as each parcel is booked.',
    done: 'Wallet ready to pay for parcels.',
    to: '/wallet',
  },
  FIRST_ORDER: {
    title: 'Add your first order',
    todo: 'By hand, by upload, or from a connected store.',
    done: 'First order added.',
    to: '/orders/new',
  },
  FIRST_SHIPMENT: {
    title: 'Ship your first parcel',
    todo: 'Choose a courier for an order ready to ship.',
    done: 'First parcel booked.',
    to: '/orders',
  },
};

export const HomeChecklistSchema = v.object({
  items: v.array(
    v.object({
      key: v.picklist(CHECKLIST_ITEMS),
      done: v.boolean(),
      /** the item's state in words where "done" is not all there is (KYC waiting for review) */
      note: v.nullable(v.string()),
    }),
  ),
  allDone: v.boolean(),
});
export type HomeChecklist = v.InferOutput<typeof HomeChecklistSchema>;
