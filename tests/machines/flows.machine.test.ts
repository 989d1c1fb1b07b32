import { describe, expect, it } from 'vitest';
import { assertFullCoverage, buildModel, coverage, describePath, replayPath, type MachineModel } from './model-harness';
import { model as accountVerification } from './models/account-verification.model';
import { model as loginPage } from './models/login-page.model';
import { model as signup } from './models/signup.model';

// Model-based suites of the login page's flows: generated paths replayed against real actors.

function modelSuite(model: MachineModel, check: (actual: any, expected: any) => void) {
  describe(`${model.name} machine (model-based)`, () => {
    const { paths } = buildModel(model.machine, model.options);
    it('reaches every state and transition', () => {
      assertFullCoverage(model.name, coverage(model.machine, paths));
    });
    for (const path of paths) {
      it(`path: ${describePath(path)}`, async () => {
        await replayPath(model.machine, path, { ...model.options, check });
      });
    }
  });
}

modelSuite(accountVerification, (a, e) => expect(a.context).toEqual(e.context));
modelSuite(loginPage, (a, e) => expect(a.context).toEqual(e.context));
modelSuite(signup, () => {});
