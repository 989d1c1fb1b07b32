import { describe, expect, it } from 'vitest';
import { fileProblem, MAX_UPLOAD_BYTES } from '../../src/machines/upload-progress.machine';
import { describeModel } from './describe-model';
import { model } from './models/upload-progress.model';

describeModel(model);

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
