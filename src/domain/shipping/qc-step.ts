// A reverse shipment's doorstep check fee rides among its quote steps, so the shipment row alone
// tells it: read by a failed check's refund and by a late return's delay credit.

/** A reverse shipment keeps its doorstep check's fee among its quote steps ("qc:2950"). */
export function qcChargeOf(steps: string[]): number {
  const step = steps.find((x) => x.startsWith('qc:'));
  return step ? Number(step.slice(3)) || 0 : 0;
}

/** The steps line that records the check's fee with GST (read back by qcChargeOf). */
export const qcStep = (paise: number) => `qc:${paise}`;
