import { CARRIERS } from '../../../domain/shipping/carriers';
import type { SelectFilter } from '../../lists/list-filters';

/** The courier filter of the NDR and RTO lists (?courier=). */
export const COURIER_FILTER: SelectFilter = {
  param: 'courier',
  label: 'Courier',
  options: CARRIERS.map((c) => ({ value: c.code, label: c.name })),
};
