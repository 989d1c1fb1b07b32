import type { PageMessage } from '../../../machines/login-page.machine';

/** A message of the login and sign-up forms: an alert for an error, a status otherwise. */
export function InlineMessage({ message }: { message: PageMessage | null }) {
  if (!message) return null;
  return (
    <div
      className={`inline-message inline-message-${message.kind}`}
      role={message.kind === 'error' ? 'alert' : 'status'}
    >
      {message.text}
    </div>
  );
}
