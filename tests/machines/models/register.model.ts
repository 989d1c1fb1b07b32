import { registerMachine, type RegisterContext } from '../../../src/machines/register.machine';
import { registerErrors, REGISTER_FIELDS, type RegisterValues } from '../../../src/domain/schemas/shared-set';
import type { MachineModel } from '../model-harness';

export const VALID: RegisterValues = {
  firstName: 'Ravi',
  lastName: 'Kumar',
  companyName: 'Kumar Traders',
  phone: '9876543210',
  password: 'Passw0rd',
  confirmPassword: 'Passw0rd',
  email: 'ravi@kumar.in',
  tncAccepted: true,
};

const invalidCount = (c: RegisterContext) => Object.keys(registerErrors(c.values)).length;

export const model: MachineModel = {
  name: 'register',
  machine: registerMachine,
  options: {
    // While editing: fix the first broken field, or break the first name again, or leave a field.
    // Awaiting the codes: type a well-formed or a malformed email code and mobile code.
    events: (s: any) => {
      const c = s.context as RegisterContext;
      const broken = REGISTER_FIELDS.find((f) => registerErrors(c.values)[f]);
      return [
        ...(broken ? [{ type: 'CHANGE', field: broken, value: VALID[broken] }] : []),
        { type: 'CHANGE', field: 'firstName', value: 'R2' },
        { type: 'BLUR', field: 'lastName' },
        { type: 'CODE', code: '123456' },
        { type: 'CODE', code: '12a' },
        { type: 'PHONE_CODE', code: '654321' },
        { type: 'PHONE_CODE', code: '65' },
      ];
    },
    // bounded: how many fields are still broken, whether messages/errors are on screen, the code
    serializeState: (s: any) => {
      const c = s.context as RegisterContext;
      return JSON.stringify([
        s.value,
        invalidCount(c),
        Object.keys(c.shown).length > 0,
        !!c.submitError,
        /^\d{6}$/.test(c.code),
        /^\d{6}$/.test(c.phoneCode),
        !!c.codeError,
      ]);
    },
    promiseActors: ['registerBasic', 'verifyAccount'],
  },
};
