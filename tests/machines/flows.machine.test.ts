import { expect } from 'vitest';
import { describeModel } from './describe-model';
import { model as accountVerification } from './models/account-verification.model';
import { model as loginPage } from './models/login-page.model';
import { model as signup } from './models/signup.model';

// Model-based suites of the login page's flows: generated paths replayed against real actors.

describeModel(accountVerification, (a, e) => expect(a.context).toEqual(e.context));
describeModel(loginPage);
describeModel(signup);
