// The body of a new order that ships, shared by server tests and benches (it imports nothing, so
// a bench can take it without the test harness).

/** The body of a new order of one vase from that pickup address to Bengaluru (560038); `over` changes any field. */
export const shippableOrderBody = (pickupId: number, over: Record<string, unknown> = {}) => ({
  orderDate: '2026-11-20',
  paymentMethod: 'COD',
  buyerName: 'Kavya Reddy',
  buyerPhone: '9988776655',
  shipping: { line1: '12, 4th Cross, Indiranagar', pincode: '560038' },
  items: [{ name: 'Blue Pottery Vase', sku: 'BPV-12', quantity: 1, unitPrice: 1450, taxRatePercent: 12 }],
  lengthCm: 20,
  breadthCm: 20,
  heightCm: 30,
  deadWeightKg: 1.2,
  pickupAddressId: pickupId,
  ...over,
});
