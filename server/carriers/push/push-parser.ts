import type { CourierScan } from '../adapter';

// A courier's push body read into scans, or the first thing wrong with it, named by its label.

export type PushParse = { ok: true; scans: CourierScan[] } | { ok: false; field: string; message: string };

export type PushParser = (body: unknown) => PushParse;

export const refuse = (field: string, problem: string): PushParse => ({
  ok: false,
  field,
  message: `${field} ${problem}`,
});

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A non-empty string of at most `max` characters, else null. */
export const text = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : null;

/** An optional string: absent → '', too long or not a string → null. */
export const optionalText = (v: unknown, max: number): string | null =>
  v === undefined || v === null ? '' : typeof v === 'string' && v.length <= max ? v.trim() : null;
