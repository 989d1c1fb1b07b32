import type { OutgoingMessage } from './messenger';

/** An email in the product's voice: greeting, paragraphs, sign-off. */
export function letter(to: string, subject: string, name: string | undefined, paragraphs: string[]): OutgoingMessage {
  return {
    channel: 'EMAIL',
    recipient: to,
    subject,
    body: [`Hello ${name ?? 'there'},`, ...paragraphs, 'Team Dakiya'].join('\n\n'),
  };
}
