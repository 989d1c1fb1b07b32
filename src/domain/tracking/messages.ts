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
  trackingId: (number: string, carrier: string) => `Tracking ID - ${number} (${carrier})`,
  thanks: 'Thank you for your feedback!',
  /** a rating sent without the key of the buyer's SMS or email link, or with a wrong one */
  ratingLinkOnly: 'Ratings are given from the tracking link in your SMS or email',
  ratedReadOnly: (rating: number) => `Rated ${rating} out of 10`,
} as const;
