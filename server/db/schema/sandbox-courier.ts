import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The sandbox courier network's own books (couriers cannot be reached from this machine): each
// parcel's planned life, and how far into it the courier has reported. The product never reads
// this table; it hears scans through the carrier adapter, as it would from a real courier.

export interface PlannedScan {
  /** courier time after booking, in ms */
  afterMs: number;
  courierStatus: string;
  location: string;
  remark: string;
  /** a failed attempt's reason code in the courier's words */
  reasonCode?: string;
  /** the hub's weighing, on the scan that leaves the origin hub of a parcel the courier re-weighed */
  hubWeight?: { deadWeightKg: number; lengthCm: number; breadthCm: number; heightCm: number };
}

/** Who the parcel is handed to, and a hyperlocal partner's delivery OTP, slot and check. */
export interface SandboxDelivery {
  receiverName: string;
  /** the buyer's 4-digit OTP (hyperlocal partners); null for a courier that delivers without one */
  otp: string | null;
  /** the slot's start and end (ISO), hyperlocal partners only */
  slot?: { startsAt: string; endsAt: string };
  /** when the rider entered the right OTP */
  otpVerifiedAt?: string;
  /** wrong OTPs entered so far; the partner stops taking them after a few */
  otpFailures?: number;
}

export const sandboxParcels = pgTable('sandbox_parcels', {
  awb: text('awb').primaryKey(),
  carrierCode: text('carrier_code').notNull(),
  bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
  plan: jsonb('plan').$type<PlannedScan[]>().notNull(),
  /** how many planned scans have been reported */
  reported: integer('reported').notNull().default(0),
  cancelled: boolean('cancelled').notNull().default(false),
  /** the origin and destination, for replanning after an NDR action */
  lane: jsonb('lane')
    .$type<{
      from: string;
      to: string;
      transitDays: number;
      /** a freight consignment's (an LR's) box count, and the e-way bills the carrier was told */
      boxes?: number;
      ewayBills?: string[];
    }>()
    .notNull(),
  /** the handover: receiver, OTP (hyperlocal); null on parcels booked before it was kept */
  delivery: jsonb('delivery').$type<SandboxDelivery>(),
  /**
   * The shipper's own reference for the booking, sent with it: a repeat with the same reference
   * answers the same parcel, and the shipper can find a booking it lost by it (null on parcels
   * booked before it was kept)
   */
  clientRef: text('client_ref').unique(),
  /** what the booking answered, so a lookup by reference answers the same */
  routingCode: text('routing_code'),
  pickupAt: timestamp('pickup_at', { withTimezone: true }),
  riderName: text('rider_name'),
});

/** Claims filed with the sandbox couriers (a real courier keeps these on its side), once per reference. */
export const sandboxCourierClaims = pgTable('sandbox_courier_claims', {
  reference: text('reference').primaryKey(),
  awb: text('awb').notNull(),
  carrierCode: text('carrier_code').notNull(),
  claimRef: text('claim_ref').notNull(),
  category: text('category').notNull(),
  description: text('description').notNull(),
  evidenceUrls: jsonb('evidence_urls').$type<string[]>().notNull(),
  filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
});
