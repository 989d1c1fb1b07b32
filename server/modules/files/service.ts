import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { LIMITS } from '../../../src/domain/constants';
import { detectImageType } from './image-type';

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
  const id = randomBytes(18).toString('base64url');
  await db.insert(files).values({
    id,
    orgId: input.orgId,
    name: input.name.slice(0, 200),
    contentType,
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
