import type { ForwardStatus } from './order-status';
import { uploadPaths } from './uploads-contract';

// Paths and shapes of the orders area (issue "Orders").

export const API_ORDERS = {
  orders: '/api/v1/orders', // GET list (OrderListQuery) → Paged<OrderRow>; POST create ← OrderBody → OrderDetail
  counts: '/api/v1/orders/counts', // GET → Record<status, number> (not archived)
  numberAvailable: '/api/v1/orders/number-available', // GET ?orderNumber → { available, message }
  archive: '/api/v1/orders/archive', // PUT { orderIds, archived }
  escalations: '/api/v1/orders/escalations', // POST { orderIds, reason } (bulk)
  unprocessable: '/api/v1/orders/unprocessable', // GET → UnprocessableRow[]
  delays: '/api/v1/orders/delays', // GET → DelayCounts
  uploads: uploadPaths('/api/v1/order-uploads'), // new orders from CSV: sample, upload, history, previous status, error CSV
  updates: uploadPaths('/api/v1/order-updates'), // update-by-CSV of existing orders: the same five
  batches: '/api/v1/orders/batches', // GET paged (pageNumber, recordsPerPage) → Paged<OrderBatchRow>
  order: (id: number | string) => `/api/v1/orders/${id}`, // GET → OrderDetail
  cancel: (id: number | string) => `/api/v1/orders/${id}/cancel`, // PUT
  clone: (id: number | string) => `/api/v1/orders/${id}/clone`, // POST → OrderDetail
  dimensions: (id: number | string) => `/api/v1/orders/${id}/dimensions`, // POST ← DimensionsBody
  products: (id: number | string) => `/api/v1/orders/${id}/products`, // POST { items, discount?, shippingCharges? }
  senderAddress: (id: number | string) => `/api/v1/orders/${id}/sender-address`, // PUT { pickupAddressId }
  orderNumber: (id: number | string) => `/api/v1/orders/${id}/order-number`, // PUT { orderNumber }
  escalation: (id: number | string) => `/api/v1/orders/${id}/escalation`, // POST { reason }
} as const;

export interface OrderRow {
  orderId: number;
  orderNumber: string;
  status: ForwardStatus;
  statusText: string;
  archived: boolean;
  channel: string;
  paymentMethod: 'PPD' | 'COD';
  fulfilment: 'SELF' | 'EASY';
  orderDate: string;
  buyerName: string;
  buyerPhone: string;
  city: string;
  state: string;
  pincode: string;
  totalPaise: number;
  codAmountPaise: number;
  itemCount: number;
  deadWeightKg: number;
  volWeightKg: number;
  chargedWeightKg: number;
  awb: string | null;
  carrierCode: string | null;
  escalated: boolean;
  createdAt: string;
}

export interface OrderItemRow {
  productId: number | null;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: number;
  taxRatePercent: number;
  hsnCode: string;
}

export interface OrderEventRow {
  kind: string;
  fromStatus: string | null;
  toStatus: string | null;
  note: string;
  at: string;
}

export interface OrderDetail extends OrderRow {
  buyerEmail: string;
  shipping: { line1: string; line2: string; pincode: string; city: string; state: string };
  billing: { line1: string; line2: string; pincode: string; city: string; state: string };
  items: OrderItemRow[];
  subtotalPaise: number;
  discountPaise: number;
  shippingChargesPaise: number;
  dimensions: { lengthCm: number; breadthCm: number; heightCm: number };
  packageTypeId: number | null;
  pickup: {
    addressId: number;
    entityName: string;
    phone: string;
    line1: string;
    line2: string;
    pincode: string;
    city: string;
    state: string;
  };
  escalationReason: string | null;
  clonedFromId: number | null;
  history: OrderEventRow[];
  /** what the seller may do now */
  actions: { edit: boolean; cancel: boolean; archive: boolean; clone: boolean; escalate: boolean; ship: boolean };
}

export interface UnprocessableRow {
  orderId: number;
  orderNumber: string;
  reasons: string[];
}

export interface DelayCounts {
  shipment: number;
  pickup: number;
  /** shipments charged for a weight discrepancy */
  discrepancy: number;
}

/** One CSV upload of new orders and where its orders are now (batch history). */
export interface OrderBatchRow {
  batchId: number;
  fileName: string;
  uploadedAt: string;
  status: 'PENDING' | 'IN_PROGRESS' | 'DONE' | 'FAILED';
  rowsRejected: number;
  orders: number;
  readyToShip: number;
  inTransit: number;
  delivered: number;
  cancelled: number;
  returned: number;
}
