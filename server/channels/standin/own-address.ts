import type { AppDeps } from '../../deps';

// The stand-in stores send their webhooks only to the Dakiya server they live in: anyone can
// reach a stand-in's API on a development server, and it must not post to addresses they pick.

export function isOwnAddress(deps: AppDeps, raw: unknown): boolean {
  try {
    const url = new URL(String(raw));
    return url.origin === new URL(deps.config.publicUrl).origin && !url.username && !url.password;
  } catch {
    return false;
  }
}
