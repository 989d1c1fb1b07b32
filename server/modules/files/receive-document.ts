import type { Context } from 'hono';
import type { Db } from '../../db/client';
import { badRequest } from '../../http/errors';
import { readMultipart } from '../../http/validate';
import { storeDocument } from './service';
import { safeFileName } from './file-name';

// A document (PDF or image) sent as the multipart field "file", checked by its content and size
// and kept as the owner's private file: a ticket's attachment, a B2B invoice's file.

export interface ReceivedDocument {
  fileId: string;
  name: string;
  contentType: string;
  byteSize: number;
}

export async function receiveDocument(
  deps: { db: Db; now: () => Date },
  c: Context,
  orgId: number | null,
  rules: { maxBytes: number; tooLarge: string; wrongType: string; missing: string },
): Promise<ReceivedDocument> {
  const file = ((await readMultipart(c)) ?? {}).file;
  if (!(file instanceof File)) throw badRequest(rules.missing);
  const stored = await storeDocument(
    deps.db,
    {
      orgId,
      name: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      now: deps.now(),
      maxBytes: rules.maxBytes,
    },
    rules,
  );
  return {
    fileId: stored.id,
    name: safeFileName(file.name),
    contentType: stored.contentType,
    byteSize: stored.byteSize,
  };
}
