import type { Context } from 'hono';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { files } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { readMultipart } from '../../http/validate';
import { LIMITS } from '../../../src/domain/constants';
import { API } from '../../../src/domain/account-contract';
import { IMAGE_TOO_LARGE, storeImage } from '../files/service';
import { fileLinks } from '../files/links';
import { safeFileName } from '../files/file-name';

// Evidence images of a claim (a delivery dispute, a weight discrepancy): one image a request,
// checked by its content (PNG, JPEG or WEBP) and size, kept as the seller's file; a claim may then
// attach only the seller's own uploads.

export const EVIDENCE_MAX_BODY = { bytes: LIMITS.imageUploadMaxBytes + 16 * 1024, message: IMAGE_TOO_LARGE };
export const EVIDENCE_UNKNOWN = 'Evidence: an image was not found; upload it again';

/** Reads the multipart field "file" and stores it as the seller's image: its id, address and name. */
export async function receiveEvidenceImage(
  deps: AppDeps,
  c: Context,
  orgId: number,
): Promise<{ fileId: string; url: string; name: string }> {
  const form = (await readMultipart(c)) ?? {};
  const file = form.file;
  if (!(file instanceof File)) throw badRequest('file: a multipart field named "file" with the image is required');
  const fileId = await storeImage(deps.db, {
    orgId,
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
    now: deps.now(),
  });
  return { fileId, url: fileLinks(deps)(fileId), name: safeFileName(file.name) };
}

/** The seller's own uploaded images among `ids`, as evidence entries in the order given; 400 when one is not theirs. */
export async function ownEvidence(
  db: Executor,
  orgId: number,
  ids: readonly string[],
  unknown = EVIDENCE_UNKNOWN,
): Promise<{ fileId: string; url: string; name: string }[]> {
  const distinct = [...new Set(ids)];
  const found = distinct.length
    ? await db
        .select({ id: files.id, name: files.name })
        .from(files)
        .where(and(inArray(files.id, distinct), eq(files.orgId, orgId)))
    : [];
  if (found.length !== distinct.length) throw badRequest(unknown);
  const names = new Map(found.map((f) => [f.id, f.name]));
  // the url kept with a claim is the file's plain address; answers replace it with a signed link
  return ids.map((fileId) => ({ fileId, url: API.file(fileId), name: names.get(fileId) ?? '' }));
}
