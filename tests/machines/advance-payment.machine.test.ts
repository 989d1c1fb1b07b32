import { expect } from 'vitest';
import { describeModel } from './describe-model';
import { model } from './models/advance-payment.model';

describeModel(model, (actual, expected) => {
  expect(actual.context).toEqual(expected.context);
  // a paid advance is final: no button can start another payment
  if (actual.matches('paid')) expect(actual.context.view.paid).toBe(true);
});
