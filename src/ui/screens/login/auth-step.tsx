import type { ReactNode } from 'react';
import type { PageMessage } from '../../../machines/login-page.machine';
import { Button } from '../../kit';
import { InlineMessage } from './inline-message';

// One step of the login page (password, sign-in code, forgotten password, account check): a named
// form with its heading, the page's message, its fields, one full-width button and the links under it.

export interface AuthLink {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

export function AuthStep({
  label,
  heading,
  intro,
  message,
  busy,
  submitLabel,
  submitDisabled,
  onSubmit,
  links,
  children,
}: {
  /** the form's accessible name */
  label: string;
  heading: string;
  /** a line under the heading, before the message */
  intro?: ReactNode;
  message: PageMessage | null;
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit: () => void;
  links: AuthLink[];
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h2>{heading}</h2>
      {intro}
      <InlineMessage message={message} />
      {children}
      <Button type="submit" block busy={busy} disabled={submitDisabled}>
        {submitLabel}
      </Button>
      <div className="auth-switch">
        {links.map((l) => (
          <button key={l.label} type="button" className="link-button" disabled={l.disabled} onClick={l.onClick}>
            {l.label}
          </button>
        ))}
      </div>
    </form>
  );
}
