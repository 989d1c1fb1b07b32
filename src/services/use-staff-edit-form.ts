import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  staffEditFormMachine,
  type StaffEditFormInput,
  type StaffEditRequest,
} from '../machines/staff-edit-form.machine';
import { inspector } from './inspector';
import { invalidate } from './invalidate';
import { useHttp } from './screen-services';
import { submitStaffForm } from './staff-client';

// A staff console form bound to the API; a saved decision makes the console's pages read again.

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
