import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { IMAGE_TOO_LARGE, LIMITS } from '../../../src/domain/constants';
import { detectImageType } from './image-type';
import { detectDocumentType } from './document-type';
import { contentDisposition, safeFileName } from './file-name';

// Uploaded images and documents kept in the database by an unguessable id. Private unless stored
// as a brand asset buyers see (`public`); a private file is read through a signed link (links.ts)
// or its own route (a ticket's attachment). Names are kept safe (file-name.ts).

export { IMAGE_TOO_LARGE };
export const IMAGE_WRONG_TYPE = 'Only PNG, JPEG or WEBP images are accepted';

export async function storeImage(
  db: Db,
  input: { orgId: number; name: string; bytes: Uint8Array; now: Date; public?: boolean },
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

/** A file the server made itself (a scheduled report's workbook): private, of the type it was written as. */
export function storeGeneratedFile(
  db: Db,
  input: { orgId: number; name: string; bytes: Uint8Array; now: Date; contentType: string },
): Promise<string> {
  return insertFile(db, input);
}

async function insertFile(
  db: Db,
  input: { orgId: number | null; name: string; bytes: Uint8Array; now: Date; contentType: string; public?: boolean },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(files).values({
    id,
    orgId: input.orgId,
    name: safeFileName(input.name),
    contentType: input.contentType,
    public: input.public ?? false,
    byteSize: input.bytes.byteLength,
    content: Buffer.from(input.bytes).toString('base64'),
    createdAt: input.now,
  });
  return id;
}

export interface StoredFile {
  name: string;
  contentType: string;
  bytes: Buffer;
  public: boolean;
}

export async function readFile(db: Db, id: string): Promise<StoredFile | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row
    ? { name: row.name, contentType: row.contentType, bytes: Buffer.from(row.content, 'base64'), public: row.public }
    : null;
}

/** A stored file as an answer: never cached unless it is a public brand asset, opened inline under its safe name. */
export function fileResponse(file: StoredFile): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Content-Disposition': contentDisposition('inline', file.name),
      // a brand asset's id never changes content; anything else must not stay in a shared cache
      'Cache-Control': file.public ? 'public, max-age=31536000, immutable' : 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
