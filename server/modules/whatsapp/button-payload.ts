import { idOfPurposeToken, purposeToken } from '../tracking/purpose-token';

// A quick-reply button's payload: which button of which logged message, signed with a server
// secret under a purpose of its own per button, so a payload can be neither guessed nor turned
// into another button's. Meta hands it back untouched when the buyer taps the button.

const purpose = (index: number) => `whatsapp-button:${index}`;

export const buttonPayload = (secret: Uint8Array, logId: number, index: number) =>
  `${index}.${purposeToken(secret, purpose(index), logId)}`;

/** The logged message and button a payload stands for, or null when it is not one of ours. */
export function ofButtonPayload(secret: Uint8Array, payload: string): { logId: number; index: number } | null {
  const m = /^(\d)\.(.+)$/.exec(payload);
  if (!m) return null;
  const index = Number(m[1]);
  const logId = idOfPurposeToken(secret, purpose(index), m[2]);
  return logId ? { logId, index } : null;
}
