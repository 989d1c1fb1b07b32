import { idOfPurposeToken, purposeToken } from '../tracking/purpose-token';

// The buyer's confirmation link: the verification's id under the purpose "cod-verification".

const PURPOSE = 'cod-verification';

export const verificationToken = (secret: Uint8Array, verificationId: number) =>
  purposeToken(secret, PURPOSE, verificationId);

/** The verification a token stands for, or null when it is not one of ours. */
export const verificationIdOfToken = (secret: Uint8Array, token: string) => idOfPurposeToken(secret, PURPOSE, token);
