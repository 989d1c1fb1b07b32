import { describe, expect, it } from 'vitest';
import { formProblem, requestBody } from '../../src/domain/schemas/report';
import { describeModel } from './describe-model';
import { model } from './models/report-request.model';

describeModel(model, (actual, expected) => {
  // what the screen shows follows the last read of the request
  expect(actual.context.report?.progress).toBe(expected.context.report?.progress);
  expect(actual.context.error).toBe(expected.context.error);
});

describe('report form rules', () => {
  const form = { reportType: 'ORDERS', format: 'CSV' as const, fromDate: '2026-11-01', toDate: '2026-11-19' };
  it('sends only the filters chosen', () => {
    expect(requestBody({ ...form, status: '', carrierCode: 'DE' })).toEqual({ ...form, carrierCode: 'DE' });
  });
  it.each([
    [form, null],
    [{ ...form, fromDate: '2026-11-20' }, 'From date must be on or before To date'],
    [{ ...form, reportType: '' }, 'Report type is required'],
    [{ ...form, reportType: 'WALLET', carrierCode: 'DE' }, 'Courier does not apply to this report'],
  ])('%j → %s', (f, problem) => {
    const said = formProblem(f);
    if (problem === null) expect(said).toBeNull();
    else expect(said).toContain(problem);
  });
});
