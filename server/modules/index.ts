import type { ApiRouter } from '../http/router';
import type { AppDeps } from '../deps';
import { registerConfigRoutes } from './config/routes';
import { registerAuthRoutes } from './auth/routes';
import { registerRegistrationRoutes } from './registration/routes';
import { registerReferenceRoutes } from './reference/routes';
import { registerAccountRoutes } from './account/routes';
import { registerFileRoutes } from './files/routes';
import { registerCorporateRoutes } from './corporate/routes';
import { registerPolicyRoutes } from './policies/routes';
import { registerPincodeRoutes } from './pincodes/routes';
import { registerPackageTypeRoutes } from './package-types/routes';
import { registerWarehouseRoutes } from './warehouses/routes';
import { registerAddressRoutes } from './addresses/routes';
import { registerCustomerRoutes } from './customers/routes';
import { registerProductRoutes } from './products/routes';
import { registerWalletRoutes } from './wallet/routes';
import { registerOrderRoutes } from './orders/routes';
import { registerUploadRoutes } from './uploads/routes';
import type { CsvKind } from './uploads/kind';
import { registerShippingRoutes } from './shipping/routes';
import { registerTrackingRoutes } from './tracking/routes';
import { registerFeedbackRoutes } from './feedback/routes';
import { registerNdrRoutes } from './ndr/routes';
import { registerDisputeRoutes } from './disputes/routes';
import { registerReturnRoutes } from './returns/routes';
import { registerBankRoutes } from './bank/routes';
import { registerTermsRoutes } from './terms/routes';

/** Every area's routes, in one list; a new area adds one line here. The upload engine serves the kinds it is given. */
export function registerModules(router: ApiRouter, deps: AppDeps, uploadKinds: readonly CsvKind[]) {
  registerConfigRoutes(router, deps);
  registerAuthRoutes(router, deps);
  registerRegistrationRoutes(router, deps);
  registerReferenceRoutes(router, deps);
  registerAccountRoutes(router, deps);
  registerFileRoutes(router, deps);
  registerCorporateRoutes(router, deps);
  registerPolicyRoutes(router, deps);
  registerPincodeRoutes(router);
  registerPackageTypeRoutes(router, deps);
  registerWarehouseRoutes(router, deps);
  registerCustomerRoutes(router, deps);
  registerAddressRoutes(router, deps);
  registerProductRoutes(router, deps);
  registerWalletRoutes(router, deps);
  // before the orders' own routes: /orders/batches is not /orders/:orderId
  registerUploadRoutes(router, deps, uploadKinds);
  registerShippingRoutes(router, deps);
  registerTrackingRoutes(router, deps);
  registerFeedbackRoutes(router, deps);
  registerOrderRoutes(router, deps);
  registerNdrRoutes(router, deps);
  registerDisputeRoutes(router, deps);
  registerBankRoutes(router, deps);
  registerTermsRoutes(router, deps);
  registerReturnRoutes(router, deps);
}
