import { describe, expect, it } from 'vitest';
import { fileProblem, MAX_UPLOAD_BYTES } from '../../src/machines/upload-progress.machine';
import { describeModel } from './describe-model';
import { model } from './models/upload-progress.model';

describeModel(model, (a, e) => {
  expect(a.context).toEqual(e.context);
  expect([a.status, a.output]).toEqual([e.status, e.output]);
  // what each state stands for, in the context the panel draws
  if (a.matches('selected')) expect([a.context.file?.name, a.context.error]).toEqual(['products.csv', null]);
  if (a.matches('uploading'))
    expect([a.context.uploadId, a.context.percent, a.context.result]).toEqual([null, 0, null]);
  if (a.matches('processing')) expect([a.context.uploadId, a.context.error]).toEqual(['upl_1', null]);
  if (a.matches('done'))
    expect([a.context.percent, a.context.result, a.context.error]).toEqual([
      100,
      { created: 99, rejected: 1, errorFileUrl: '/x.csv' },
      null,
    ]);
  if (a.matches('failed')) expect(['No Internet Connection', 'Wrong header']).toContain(a.context.error);
  if (a.matches('idle') && a.context.error) expect(a.context.error).toBe('Please choose a .csv file');
});

describe('upload file rules', () => {
  it.each([
    [{ name: 'products.csv', size: 10 }, null],
    [{ name: 'PRODUCTS.CSV', size: 10 }, null],
    [{ name: 'products.xlsx', size: 10 }, 'Please choose a .csv file'],
    [{ name: 'empty.csv', size: 0 }, 'The file is empty'],
    [{ name: 'big.csv', size: MAX_UPLOAD_BYTES }, null],
    [{ name: 'big.csv', size: MAX_UPLOAD_BYTES + 1 }, 'The file is larger than 50 MB; split it into smaller files'],
  ])('%j → %s', (file, problem) => {
    expect(fileProblem(file)).toBe(problem);
  });
});
