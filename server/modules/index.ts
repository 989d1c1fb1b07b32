import type { ApiRouter } from '../http/router';
import type { AppDeps } from '../deps';
import { registerConfigRoutes } from './config/routes';

/** Every area's routes, in one list; a new area adds one line here. */
export function registerModules(router: ApiRouter, deps: AppDeps) {
  registerConfigRoutes(router, deps);
}
