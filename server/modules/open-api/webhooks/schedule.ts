import { WEBHOOK_RETRY_SECONDS } from '../../../../src/domain/open-api-contract';

// When a failed delivery is tried again: at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 6 h
// later (the last retry 23 h 35 min after the event). After the last failure the delivery is
// FAILED and its endpoint is disabled, with an email to the seller.

/** The wait before the next try after `attempts` failed ones, or null when the schedule is done. */
export function retryDelaySeconds(attempts: number): number | null {
  return attempts >= 1 && attempts <= WEBHOOK_RETRY_SECONDS.length ? WEBHOOK_RETRY_SECONDS[attempts - 1] : null;
}

export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;

const words = (s: number) => (s < 60 ? `${s} s` : s < 3600 ? `${s / 60} min` : `${s / 3600} h`);

export const WEBHOOK_SCHEDULE_TEXT = `A delivery that gets no 2xx is tried again after ${WEBHOOK_RETRY_SECONDS.map(words).join(', ')} (${WEBHOOK_MAX_ATTEMPTS} tries within a day); when the last fails, the endpoint is disabled and the account's owner is emailed. A disabled endpoint can be enabled again and any delivery replayed from the delivery log.`;
