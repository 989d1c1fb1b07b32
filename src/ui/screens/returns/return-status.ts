import type { ReturnStatus } from '../../../domain/order-status';

/** A return status's badge colour: waiting, moving, done, or stopped. */
export function returnStatusTone(status: ReturnStatus): 'brand' | 'success' | 'warning' | 'danger' {
  if (status === 'RDLV') return 'success';
  if (status === 'RCAN' || status === 'RLST' || status === 'RPF') return 'danger';
  if (status === 'RFP') return 'brand';
  return 'warning';
}
