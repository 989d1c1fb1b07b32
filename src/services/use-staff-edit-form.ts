import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  staffEditFormMachine,
  type StaffEditFormInput,
  type StaffEditRequest,
} from '../machines/staff-edit-form.machine';
import { API_ACCOUNT_MANAGER } from '../domain/account-manager-contract';
import { API_AUTH } from '../domain/auth-contract';
import type { AnyOperation, InputOf } from '../domain/operation';
import { API_STAFF } from '../domain/staff-contract';
import type { StaffFormKind } from '../domain/staff-forms';
import { call } from './call';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import type { Http } from './types';

// A staff console form bound to the API; a saved decision makes the console's pages read again.

/** Where each console form goes: the operation, and the name of the path's parameter that takes its target. */
const FORM_OPERATIONS: Record<StaffFormKind, { op: AnyOperation; target?: string }> = {
  ACCOUNT_STATUS: { op: API_AUTH.accountStatus, target: 'accountId' },
  ACCOUNT_MANAGER: { op: API_ACCOUNT_MANAGER.set, target: 'accountId' },
  BETA_FEATURES: { op: API_STAFF.betaFeatures, target: 'accountId' },
  STAFF_ROLE: { op: API_STAFF.staffRole, target: 'accountId' },
  STAFF_STATUS: { op: API_STAFF.staffStatus, target: 'accountId' },
  PLAN_PRICE: { op: API_STAFF.plan, target: 'code' },
  COUPON_CREATE: { op: API_STAFF.couponCreate },
  COUPON_UPDATE: { op: API_STAFF.coupon, target: 'code' },
  STAFF_CREATE: { op: API_STAFF.staffCreate },
  COUPON_STATUS: { op: API_STAFF.couponStatus, target: 'code' },
};

/** Sends a console form's draft (checked with the server's schema by the machine) to its operation. */
function submitStaffForm(http: Http, r: StaffEditRequest): Promise<unknown> {
  const { op, target } = FORM_OPERATIONS[r.kind];
  const input = (target ? { params: { [target]: r.target }, body: r.body } : { body: r.body }) as InputOf<AnyOperation>;
  return call(http, op, input);
}

export function useStaffEditForm(input: StaffEditFormInput) {
  const http = useHttp();
  const [machine] = useState(() =>
    staffEditFormMachine.provide({
      actors: { submit: fromPromise(({ input: r }: { input: StaffEditRequest }) => submitStaffForm(http, r)) },
      actions: { announceSaved: () => invalidate('staffConsole') },
    }),
  );
  return useMachine(machine, { inspect: inspector(), input });
}
