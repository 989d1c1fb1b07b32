import type { Db } from './client';
import type { AppDeps } from '../deps';

export interface DemoLogin {
  label: string;
  email: string;
  password: string;
}

/** Reference data every install needs (plans, referral sources, terms). Idempotent. */
export async function seedReference(_db: Db): Promise<void> {}

/** Demo organisations and logins for the one-command demo. Idempotent. */
export async function seedDemo(_deps: AppDeps): Promise<DemoLogin[]> {
  return [];
}
