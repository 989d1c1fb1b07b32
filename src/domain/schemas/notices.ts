import * as v from 'valibot';
import { PLAN_CODES } from '../plans';
import { BANNER_STATUSES, BANNER_TONES, NOTICE_RULES, NOTICES_TEXT, RELEASE_NOTE_STATUSES } from '../notices-rules';
import { oneOf } from './choice';

// Staff writing banners and release notes, and sellers marking notes viewed. Start and end are
// typed as IST wall-clock time ("2026-11-20T09:30", a datetime-local input) and kept as instants.

const R = NOTICE_RULES;
const IST_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "yyyy-MM-ddTHH:mm" read as India time, as an ISO instant; an impossible date is undefined. */
export function istLocalToIso(text: string): string | undefined {
  const m = IST_LOCAL.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number);
  const at = new Date(Date.UTC(y!, mo! - 1, d!, h! - 5, mi! - 30));
  const back = new Date(at.getTime() + 330 * 60_000);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo! - 1 || back.getUTCDate() !== d || h! > 23)
    return undefined;
  return at.toISOString();
}

/** An ISO instant as the datetime-local text of India time (the form's value when editing). */
export function isoToIstLocal(iso: string | null): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 16);
}

const istInstant = (key: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${key} must be a date and time`),
        v.trim(),
        v.check(
          (t) => t === '' || istLocalToIso(t) !== undefined,
          `${key} must be a date and time (dd MMM yyyy, hh:mm)`,
        ),
        v.transform((t) => (t === '' ? null : istLocalToIso(t)!)),
      ),
    ),
    null,
  );

export const BannerBody = v.pipe(
  v.object({
    bannerMessage: v.pipe(
      v.string('bannerMessage is required'),
      v.trim(),
      v.minLength(R.messageMin, `bannerMessage must be ${R.messageMin} to ${R.messageMax} characters`),
      v.maxLength(R.messageMax, `bannerMessage must be ${R.messageMin} to ${R.messageMax} characters`),
    ),
    bannerTone: v.picklist(BANNER_TONES, 'bannerTone must be information, warning or critical'),
    bannerLink: v.optional(
      v.nullable(
        v.pipe(
          v.string(),
          v.trim(),
          v.maxLength(R.linkMax, `bannerLink must be at most ${R.linkMax} characters`),
          // a page of the app ("/wallet") or a web address
          v.check(
            (t) => t === '' || /^\/[^\s/]/.test(t) || /^https:\/\/\S+$/.test(t),
            'bannerLink must be a page such as /wallet or an https:// address',
          ),
          v.transform((t) => t || null),
        ),
      ),
      null,
    ),
    startsAt: istInstant('startsAt'),
    endsAt: istInstant('endsAt'),
    targetPlans: v.optional(v.array(v.picklist(PLAN_CODES, 'targetPlans must be Free, Lite, Pro or Premium')), []),
  }),
  v.forward(
    v.check((b) => !b.startsAt || !b.endsAt || b.endsAt > b.startsAt, NOTICES_TEXT.endsBeforeStart),
    ['endsAt'],
  ),
);
export type BannerInput = v.InferOutput<typeof BannerBody>;

export const BannerStatusBody = v.object({
  bannerStatus: oneOf(BANNER_STATUSES, 'bannerStatus', 'recordStatus'),
});

export const ReleaseNoteBody = v.object({
  noteTitle: v.pipe(
    v.string('noteTitle is required'),
    v.trim(),
    v.minLength(R.titleMin, `noteTitle must be ${R.titleMin} to ${R.titleMax} characters`),
    v.maxLength(R.titleMax, `noteTitle must be ${R.titleMin} to ${R.titleMax} characters`),
  ),
  noteBody: v.pipe(
    v.string('noteBody is required'),
    v.trim(),
    v.minLength(R.bodyMin, `noteBody must be ${R.bodyMin} to ${R.bodyMax} characters`),
    v.maxLength(R.bodyMax, `noteBody must be ${R.bodyMin} to ${R.bodyMax} characters`),
  ),
});
export type ReleaseNoteInput = v.InferOutput<typeof ReleaseNoteBody>;

export const ReleaseNoteStatusBody = v.object({
  noteStatus: v.picklist(RELEASE_NOTE_STATUSES, 'noteStatus must be DRAFT, PUBLISHED or ARCHIVED'),
});

export const MarkViewedBody = v.object({
  releaseNoteIds: v.pipe(
    v.array(v.pipe(v.number('releaseNoteIds must be numbers'), v.integer(), v.minValue(1))),
    v.minLength(1, 'releaseNoteIds must name at least one note'),
    v.maxLength(100, 'releaseNoteIds must name at most 100 notes'),
  ),
});
