import type { OutgoingMessage } from '../../messaging/messenger';
import { letter } from '../../messaging/letter';

export function welcomeEmail(to: string, firstName: string, companyName: string): OutgoingMessage {
  return letter(to, 'Welcome to Dakiya', firstName, [
    `${companyName} is now registered on Dakiya. Log in to add your pickup address, load your wallet and ship your first order.`,
  ]);
}

/** Sent instead of a code when someone registers an email that already has an account. */
export function alreadyRegisteredEmail(to: string, firstName: string): OutgoingMessage {
  return letter(to, 'Someone tried to register your email on Dakiya', firstName, [
    'Someone tried to create a new Dakiya account with this email address, which already has one. If it was you, log in instead, or use "Forgot password" to get a temporary password.',
    'If it was not you, you need not do anything.',
  ]);
}
