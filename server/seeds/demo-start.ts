import type { AppDeps } from '../deps';
import { seedDemo, type DemoLogin } from './demo-accounts';
import { seedDemoSetup } from './demo-setup';
import { seedCodDemo } from './cod-demo';
import { seedCourierHistoryDemo } from './courier-history-demo';
import { seedCodVerificationDemo } from './cod-verification-demo';
import { seedDemoCannedReplies } from './demo-canned-replies';
import { seedDemoAccountManager } from './demo-account-manager';

// What the demo start seeds after the reference data, in order: the demo logins, then each area's
// lived-in data. Each seed skips what is there already, so a restart adds nothing.

export async function seedDemoStart(deps: AppDeps): Promise<DemoLogin[]> {
  const logins = await seedDemo(deps);
  await seedDemoSetup(deps);
  await seedCodDemo(deps);
  await seedCourierHistoryDemo(deps);
  await seedCodVerificationDemo(deps);
  await seedDemoCannedReplies(deps.db, deps.now());
  await seedDemoAccountManager(deps.db, deps.now());
  return logins;
}
