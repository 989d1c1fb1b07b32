import { vi } from 'vitest';

/** The window's properties as the worker's first file found them (the document's own, and the runner's). */
const FIRST_KEYS = Symbol.for('dakiya.ui.firstWindowKeys');

/**
 * Puts the worker's shared document back as a new one has it, for the next file: its modules to be
 * evaluated afresh (the notice, the tour and the session's tokens keep state in them), an empty
 * page, no storage or cookies, the address `/`, none of the window properties a file set, real
 * timers and no stubs.
 */
export function freshDocument(): void {
  vi.resetModules();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  const shared = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  const first = (shared[FIRST_KEYS] ??= new Set(Object.keys(window)));
  const own = window as unknown as Record<string, unknown>;
  for (const key of Object.keys(window)) if (!first.has(key)) delete own[key];
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
}
