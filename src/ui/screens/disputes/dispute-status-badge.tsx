import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '../../../domain/disputes-contract';
import { Badge } from '../../kit';

const TONES: Record<DisputeStatus, 'brand' | 'warning' | 'success' | 'danger'> = {
  OPEN: 'brand',
  WITH_COURIER: 'warning',
  ACCEPTED: 'success',
  REJECTED: 'danger',
};

export function DisputeStatusBadge({ status }: { status: DisputeStatus }) {
  return <Badge tone={TONES[status]}>{DISPUTE_STATUS_LABELS[status]}</Badge>;
}
