// The buyer-facing texts of the tracking pages (spec sections 2 and 4).

export const MSG_TRACKING = {
  invalidNumber: 'Invalid tracking number entered',
  lookupTitle: 'Track Your Order',
  lookupPrompt: 'Please enter the tracking number',
  lookupHint: 'Courier WayBill Number/ Dakiya Tracking Number',
  partners: 'Our logistic partners',
  noEdd: 'Sit back and relax. Your package is arriving in the next 3-5 days',
  delivered: 'Delivered',
  deliveredOn: 'Delivered on',
  returning: 'This parcel is on its way back to the seller. It will not be delivered.',
  returned: 'This parcel went back to the seller. It was not delivered.',
  lost: 'This parcel was lost in transit. The seller will contact you.',
  heading: (orderNumber: string) => `Track Your Order : ${orderNumber}`,
  /** a page opened by tracking number alone: the destination only; the buyer's link shows the rest */
  destination: 'Delivering to',
  publicOnly: 'Order and delivery details show on the tracking link in your SMS or email.',
  trackingId: (number: string, carrier: string) => `Tracking ID - ${number} (${carrier})`,
  thanks: 'Thank you for your feedback!',
  /** a rating sent without the key of the buyer's SMS or email link, or with a wrong one */
  ratingLinkOnly: 'Ratings are given from the tracking link in your SMS or email',
  ratedReadOnly: (rating: number) => `Rated ${rating} out of 10`,
  /** the 0–10 scale: 0 is where it starts (not rated), 1 and up can be sent */
  ratingHint: 'Choose a score from 0 to 10 (10 is best); a score above 0 can be sent',
  ratingChosen: (score: number) => `Your rating: ${score} out of 10`,
  /** a rating sent before the parcel reached the buyer */
  ratingAfterDelivery: 'You can rate once your order is delivered',
  /** a hyperlocal delivery: the slot, its rider, and the OTP the buyer gives at the door */
  slotHeading: 'Your delivery slot',
  slotRider: (rider: string, partner: string, delivered: boolean) =>
    `${rider} of ${partner} ${delivered ? 'delivered' : 'brings'} your parcel.`,
  slotPartner: (partner: string, delivered: boolean) =>
    `A rider of ${partner} ${delivered ? 'delivered' : 'brings'} your parcel.`,
  slotOtp:
    'When the rider is at your door you get a 4-digit OTP by SMS. Share it with the rider only once the parcel is in your hands.',
} as const;

/** The words of one variant of the tracking page: an order on its way to the buyer, or a return back to the seller. */
export interface TrackingWords {
  heading: (orderNumber: string) => string;
  noEdd: string;
  delivered: string;
  deliveredOn: string;
  expected: string;
  promised: string;
  soon: string;
  overdue: (day: string) => string;
  noScans: string;
  /** a parcel the courier has taken (or delivered) but whose scans it never sent */
  scansNotShared: string;
  details: string;
  personLabel: string;
  cancelled: string;
}

export const FORWARD_WORDS: TrackingWords = {
  heading: MSG_TRACKING.heading,
  noEdd: MSG_TRACKING.noEdd,
  delivered: MSG_TRACKING.delivered,
  deliveredOn: MSG_TRACKING.deliveredOn,
  expected: 'Expected delivery',
  promised: 'Promised delivery',
  soon: 'To be delivered soon',
  overdue: (day) => `Your order is running late: it was expected by ${day}. We are on it.`,
  noScans: 'The courier will share updates once it picks your package up.',
  scansNotShared: 'The courier has not shared this parcel’s scans with us.',
  details: 'Order details',
  personLabel: 'Buyer name',
  cancelled: 'This order was cancelled.',
};

/** The return variant of every block (spec section 2: the receiver's name where the buyer's is). */
export const RETURN_WORDS: TrackingWords = {
  heading: (orderNumber) => `Track Your Return : ${orderNumber}`,
  noEdd: 'Sit back and relax. The courier will come to collect your return in the next 1-2 days',
  delivered: 'Back with the seller',
  deliveredOn: 'Reached the seller on',
  expected: 'Expected back with the seller',
  promised: 'Promised by',
  soon: 'To reach the seller soon',
  overdue: (day) => `Your return is running late: it was expected back by ${day}. We are on it.`,
  noScans: 'The courier will share updates once it collects the parcel from you.',
  scansNotShared: 'The courier has not shared this return’s scans with us.',
  details: 'Return details',
  personLabel: 'Receiver name',
  cancelled: 'This return was cancelled. Nothing will be collected.',
};
