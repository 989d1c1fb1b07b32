import type { OutgoingMessage } from '../../messaging/messenger';
import { letter } from '../../messaging/letter';

export function temporaryPasswordEmail(to: string, firstName: string, password: string): OutgoingMessage {
  return letter(to, 'Your Dakiya temporary password', firstName, [
    `Someone (we hope you) asked to reset the password of your Dakiya account. Your temporary password is: ${password}`,
    'It is valid for 10 minutes and works once: log in with it and you will be asked to set a new password. Your current password keeps working, so if you did not ask for this you can ignore this email.',
  ]);
}
