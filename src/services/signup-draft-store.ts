import { useEffect } from 'react';
import type { Actor } from 'xstate';
import { STORAGE_KEYS } from '../domain/constants';
import { restoredSignupDraft, signupDraftOf, type SignupDraft } from '../domain/signup-draft';
import type { signupMachine } from '../machines/signup.machine';

// The sign-up draft in this tab's session storage: it survives a reload of the tab (a seller on a
// phone switching to the SMS app), is not shared with other tabs, and goes when the tab closes or
// the sign-up ends. What it holds is decided by src/domain/signup-draft.ts (never the password).

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readSignupDraft(now = Date.now()): SignupDraft | null {
  const raw = tabStorage()?.getItem(STORAGE_KEYS.signupDraft);
  if (!raw) return null;
  try {
    return restoredSignupDraft(JSON.parse(raw), now);
  } catch {
    return null;
  }
}

export const clearSignupDraft = () => tabStorage()?.removeItem(STORAGE_KEYS.signupDraft);

/** Keeps the form as it stands; a verification keeps the time it was first seen. */
export function keepSignupDraft(
  context: {
    form: SignupDraft['form'] & Parameters<typeof signupDraftOf>[0];
    phoneVerified: boolean;
    emailVerified: boolean;
  },
  now = Date.now(),
): void {
  const before = readSignupDraft(now);
  const draft = signupDraftOf(context.form, {
    phone: context.phoneVerified ? (before?.phoneVerifiedAt ?? now) : null,
    email: context.emailVerified ? (before?.emailVerifiedAt ?? now) : null,
  });
  tabStorage()?.setItem(STORAGE_KEYS.signupDraft, JSON.stringify(draft));
}

/** Restores a kept draft into the sign-up actor, keeps each change, and forgets it when the sign-up ends. */
export function useKeptSignupDraft(actor: Actor<typeof signupMachine>): void {
  useEffect(() => {
    const draft = readSignupDraft();
    if (draft) actor.send({ type: 'RESTORE', draft });
    const sub = actor.subscribe((s) => {
      if (s.matches({ form: 'loading' })) return;
      if (s.matches({ form: 'done' })) clearSignupDraft();
      else keepSignupDraft(s.context);
    });
    return () => sub.unsubscribe();
  }, [actor]);
}
