import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { API } from '../../../src/domain/account-contract';

// A private file (evidence, photos, a signature…) has no address anyone can use: a route that has
// just let a login see the object the file belongs to answers a signed link to it, good for a
// short while, so a page can show it in an <img>. The signature covers the file's id and the
// expiry, so a link opens that one file only and only until then. Keyed with the server's HMAC
// key (the one of buyers' links) under its own prefix, so links survive restarts and replicas.

/** How long a link in an answer works: long enough to read a page, short enough not to be shared. */
export const FILE_LINK_SECONDS = 15 * 60;
/** Links sent by email (a dispute's evidence to the courier) are read later: a week. */
export const EMAILED_FILE_LINK_SECONDS = 7 * 24 * 60 * 60;

const SIGNATURE_LENGTH = 32;

function signature(key: Uint8Array, fileId: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`file-link:${fileId}:${expires}`)
    .digest('base64url')
    .slice(0, SIGNATURE_LENGTH);
}

/** The link to a private file, good for `seconds` from `now`. */
export function signedFileLink(key: Uint8Array, fileId: string, now: Date, seconds = FILE_LINK_SECONDS): string {
  const expires = Math.floor(now.getTime() / 1000) + seconds;
  return `${API.file(fileId)}?expires=${expires}&signature=${signature(key, fileId, expires)}`;
}

/** Whether a link's expiry and signature open this file now. */
export function fileLinkValid(
  key: Uint8Array,
  fileId: string,
  expires: string | undefined,
  given: string | undefined,
  now: Date,
): boolean {
  if (!expires || !given || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 < now.getTime()) return false;
  const want = Buffer.from(signature(key, fileId, at));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want);
}

/** Makes links to private files for one answer. */
export type FileLinks = (fileId: string) => string;

/** The links an answer of this server gives now. */
export function fileLinks(deps: Pick<AppDeps, 'ratingKey' | 'now'>, seconds = FILE_LINK_SECONDS): FileLinks {
  const now = deps.now();
  return (fileId) => signedFileLink(deps.ratingKey, fileId, now, seconds);
}

/** A stored entry `{ fileId, url }` with its link made now (entries without a stored file keep their url). */
export function relinked<T extends { fileId: string | null; url: string }>(links: FileLinks, entry: T): T {
  return entry.fileId ? { ...entry, url: links(entry.fileId) } : entry;
}
