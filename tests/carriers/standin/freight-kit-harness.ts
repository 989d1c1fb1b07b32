import type { ConsignmentRequest, FreightCarrier } from '../../../server/carriers/freight';
import { twelveBoxConsignment, type FreightHarness } from '../freight-conformance';
import type { FreightStandinControls } from './freight-standin-controls';
import { httpControlsOf } from './kit-harness';

// The freight kit's harness for a carrier whose protocol stand-in implements the freight controls:
// the kit steers the carrier through them and books the twelve-box consignment from the
// stand-in's registered warehouse. Each carrier gives its adapter (with wrong credentials too),
// and the words it refuses a consignee phone that is not ten digits in.

export function freightHarnessOf(
  standin: FreightStandinControls,
  carrier: {
    carrier: FreightCarrier;
    /** the warehouse the carrier has registered for the consignor */
    warehouseName: string;
    timeoutMs: number;
    withWrongCredentials: () => FreightCarrier;
    /** the carrier's words refusing a consignee phone that is not ten digits */
    badPhoneRemark: RegExp;
    /** for a carrier that settles bookings later: one whose job polls do not move the clock */
    pendingCarrier?: () => FreightCarrier;
  },
): FreightHarness {
  return {
    carrier: carrier.carrier,
    now: () => standin.now(),
    request: () => twelveBoxConsignment(carrier.warehouseName, standin.now()),
    advance: async (ms) => standin.advance(ms),
    pickUp: async (lr) => standin.pickUp(lr),
    deliver: async (lr) => standin.deliver(lr),
    ewayBillsOf: async (lr) => standin.consignments().find((c) => c.lrNumber === lr)?.ewayBills ?? [],
    ...(carrier.pendingCarrier ? { pendingCarrier: carrier.pendingCarrier } : {}),
    http: {
      ...httpControlsOf<ConsignmentRequest>(standin, carrier.timeoutMs, (base) => ({
        request: { ...base, consignee: { ...base.consignee, phone: '+91 98110' } },
        remark: carrier.badPhoneRemark,
      })),
      refusedLogins: () => standin.refusedLogins(),
      withWrongCredentials: carrier.withWrongCredentials,
    },
    close: () => standin.close(),
  };
}
