import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { LIMITS } from '../../../src/domain/constants';
import { detectImageType } from './image-type';
import { detectDocumentType } from './document-type';

// Small uploaded images (logos, signatures) kept in the database and served by an unguessable id.

export const IMAGE_TOO_LARGE = 'Image must be at most 1 MB';
export const IMAGE_WRONG_TYPE = 'Only PNG, JPEG or WEBP images are accepted';

export async function storeImage(
  db: Db,
  input: { orgId: number; name: string; bytes: Uint8Array; now: Date },
): Promise<string> {
  if (input.bytes.byteLength > LIMITS.imageUploadMaxBytes) throw new ApiError(413, IMAGE_TOO_LARGE);
  const contentType = detectImageType(input.bytes);
  if (!contentType) throw new ApiError(415, IMAGE_WRONG_TYPE);
  return insertFile(db, { ...input, contentType });
}

/**
 * A document (PDF or image) checked by its content and size, kept like an image; `text` words the
 * refusals for the form it came from. Its id and what it turned out to be.
 */
export async function storeDocument(
  db: Db,
  input: { orgId: number | null; name: string; bytes: Uint8Array; now: Date; maxBytes: number },
  text: { tooLarge: string; wrongType: string },
): Promise<{ id: string; contentType: string; byteSize: number }> {
  if (input.bytes.byteLength > input.maxBytes) throw new ApiError(413, text.tooLarge);
  const contentType = detectDocumentType(input.bytes);
  if (!contentType) throw new ApiError(415, text.wrongType);
  const id = await insertFile(db, { ...input, contentType });
  return { id, contentType, byteSize: input.bytes.byteLength };
}

async function insertFile(
  db: Db,
  input: { orgId: number | null; name: string; bytes: Uint8Array; now: Date; contentType: string },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(files).values({
    id,
    orgId: input.orgId,
    name: input.name.slice(0, 200),
    contentType: input.contentType,
    byteSize: input.bytes.byteLength,
    content: Buffer.from(input.bytes).toString('base64'),
    createdAt: input.now,
  });
  return id;
}

export async function readFile(db: Db, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.content, 'base64') } : null;
}
