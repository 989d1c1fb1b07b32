import { seedCourierHistoryDemo } from '../../server/seeds/courier-history-demo';
import { API_SHIPPING } from '../../src/domain/shipping-contract';
import type { TestServer } from './harness';
import { answer } from './call';
import { creditWallet, demoTokens, startDemoServer, verifiedPickup } from './helpers';

// The arrange shared by the files that read the seeded courier history (lane quality, delivery
// promises): a demo server with that history, Meera with a verified Jaipur pickup and a float to
// book with, and the rate calculator's answer from Jaipur to a pincode.

/** A demo server with the seeded courier history; `floatNote` is the wallet credit's note. */
export async function startCourierHistoryServer(
  floatNote: string,
): Promise<{ s: TestServer; meera: string; pickupId: number }> {
  const s = await startDemoServer();
  const tokens = await demoTokens(s);
  const pickup = await verifiedPickup(s, tokens.meera);
  await creditWallet(s, tokens.staff, pickup.orgId, 20_000, floatNote);
  await seedCourierHistoryDemo(s.deps);
  return { s, meera: tokens.meera, pickupId: pickup.pickupId };
}

/** The rate calculator's quotes for a 0.5 kg prepaid parcel from Jaipur (302003) to `destinationPincode`. */
export const ratesFromJaipur = (s: TestServer, token: string, destinationPincode: string) =>
  answer(s, API_SHIPPING.rates, {
    body: {
      originPincode: '302003',
      destinationPincode,
      weightKg: 0.5,
      lengthCm: 10,
      breadthCm: 10,
      heightCm: 10,
      paymentMethod: 'PPD',
    },
    token,
  });
