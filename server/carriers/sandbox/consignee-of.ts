import type { ShipmentRequest } from '../adapter';
import type { Consignee } from './rto-world';

/** What the sandbox world knows of a booking's receiver: where, who, how well addressed, how paid. */
export const consigneeOf = (req: ShipmentRequest): Consignee => ({
  pincode: req.to.pincode,
  phone: req.to.phone,
  address: req.to.address ?? '',
  paymentMethod: req.paymentMethod,
  codAmountPaise: req.codAmountPaise,
});
