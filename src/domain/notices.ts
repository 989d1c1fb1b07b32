import { mayUse, type RoutePermission } from './permissions';
import { PLAN_CODES, PLAN_TABLE, type PlanCode } from './plans';
import { checkForm, type FormCheck } from './schemas/form-check';
import { BannerBody, isoToIstLocal, ReleaseNoteBody, type BannerInput, type ReleaseNoteInput } from './schemas/notices';
import {
  NOTIFICATION_KINDS,
  type BannerRow,
  type BannerTone,
  type NotificationKind,
  type ReleaseNoteRow,
} from './notices-contract';

// The rules of banners, release notes and notifications that the server and the screens share:
// who sees which kind of notification, and the staff forms' drafts checked with the server's schema.

/** Which team permission lets a login see a kind of notification (the page it leads to needs the same). */
export const NOTIFICATION_KIND_RULES: Record<NotificationKind, { label: string; needs: RoutePermission }> = {
  NDR: { label: 'NDR to act on', needs: 'ndr.view' },
  WEIGHT_DISCREPANCY: { label: 'Weight discrepancy', needs: 'billing.view' },
  COD_PAYOUT: { label: 'COD payout', needs: 'wallet.view' },
  KYC_DECISION: { label: 'KYC decision', needs: 'kyc.view' },
  TICKET_REPLY: { label: 'Ticket reply', needs: 'tickets.view' },
  EWAY_BILL_EXPIRY: { label: 'E-way bill expiring', needs: 'orders.ship' },
  DELAY_CREDIT: { label: 'Delay credit', needs: 'wallet.view' },
};

/** The kinds a login of this role and these permissions sees. */
export function visibleKinds(role: string, permissions: readonly string[]): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => mayUse(role, permissions, NOTIFICATION_KIND_RULES[k].needs));
}

/** The plans a banner reaches, in words. */
export function plansText(plans: readonly PlanCode[]): string {
  if (!plans.length || plans.length === PLAN_CODES.length) return 'All plans';
  return PLAN_CODES.filter((p) => plans.includes(p))
    .map((p) => PLAN_TABLE[p].name)
    .join(', ');
}

export type NoticeKind = 'BANNER' | 'RELEASE_NOTE';

/** One staff form's fields, as typed: a banner uses the first six, a release note the last two. */
export interface NoticeDraft {
  message: string;
  tone: BannerTone | '';
  link: string;
  /** datetime-local text, India time */
  startsAt: string;
  endsAt: string;
  plans: PlanCode[];
  title: string;
  body: string;
}

export const EMPTY_NOTICE_DRAFT: NoticeDraft = {
  message: '',
  tone: 'info',
  link: '',
  startsAt: '',
  endsAt: '',
  plans: [],
  title: '',
  body: '',
};

export type NoticeBody = BannerInput | ReleaseNoteInput;

/** The API's field key of each draft field, so an error lands beside its input. */
const BANNER_KEYS: Record<string, keyof NoticeDraft> = {
  bannerMessage: 'message',
  bannerTone: 'tone',
  bannerLink: 'link',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  targetPlans: 'plans',
};
const NOTE_KEYS: Record<string, keyof NoticeDraft> = { noteTitle: 'title', noteBody: 'body' };

function byDraftField<T>(check: FormCheck<T>, keys: Record<string, keyof NoticeDraft>): FormCheck<T> {
  if (check.ok) return check;
  const errors: Record<string, string> = {};
  for (const [k, text] of Object.entries(check.errors)) errors[keys[k] ?? 'form'] = text;
  return { ok: false, errors };
}

/** The request a draft makes, or every field's error in the API's words (keyed by draft field). */
export function checkNoticeDraft(kind: NoticeKind, d: NoticeDraft): FormCheck<NoticeBody> {
  if (kind === 'BANNER')
    return byDraftField(
      checkForm(BannerBody, {
        bannerMessage: d.message,
        bannerTone: d.tone || undefined,
        bannerLink: d.link,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        targetPlans: d.plans,
      }),
      BANNER_KEYS,
    );
  return byDraftField(checkForm(ReleaseNoteBody, { noteTitle: d.title, noteBody: d.body }), NOTE_KEYS);
}

/** A saved banner or note back in the form, to edit it. */
export function draftOf(row: BannerRow | ReleaseNoteRow): NoticeDraft {
  if ('bannerId' in row)
    return {
      ...EMPTY_NOTICE_DRAFT,
      message: row.message,
      tone: row.tone,
      link: row.link ?? '',
      startsAt: isoToIstLocal(row.startsAt),
      endsAt: isoToIstLocal(row.endsAt),
      plans: [...row.plans],
    };
  return { ...EMPTY_NOTICE_DRAFT, title: row.title, body: row.body };
}

export const idOf = (row: BannerRow | ReleaseNoteRow): number => ('bannerId' in row ? row.bannerId : row.releaseNoteId);

/** Whether a banner shows now to a seller on this plan (the server's rule, in words for the list). */
export function bannerLive(row: Pick<BannerRow, 'bannerStatus' | 'startsAt' | 'endsAt'>, now: Date): boolean {
  if (row.bannerStatus !== 'ACTIVE') return false;
  if (row.startsAt && new Date(row.startsAt) > now) return false;
  return !(row.endsAt && new Date(row.endsAt) <= now);
}
