import type { Context } from 'hono';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Db, Executor } from '../../db/client';
import { files, supportTicketComments, supportTickets } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { TICKET_RULES, TICKET_TEXT, type TicketAttachment } from '../../../src/domain/tickets-contract';
import { readFile } from '../files/service';
import { receiveDocument } from '../files/receive-document';

// A ticket's attachments: one file a request, checked by its content (PDF, PNG, JPEG or WEBP)
// and size, kept as the seller's file (or staff's, with no organisation). A ticket or a reply
// may then carry only its writer's own uploads, and a file is read back only through a ticket
// that carries it.

export const ATTACHMENT_MAX_BODY = {
  bytes: TICKET_RULES.attachmentMaxBytes + 16 * 1024,
  message: TICKET_TEXT.attachmentTooLarge,
};

/** Reads the multipart field "file" and stores it for `orgId` (null: staff). */
export function receiveAttachment(deps: AppDeps, c: Context, orgId: number | null): Promise<TicketAttachment> {
  return receiveDocument(deps, c, orgId, {
    maxBytes: TICKET_RULES.attachmentMaxBytes,
    tooLarge: TICKET_TEXT.attachmentTooLarge,
    wrongType: TICKET_TEXT.attachmentWrongType,
    missing: 'file: a multipart field named "file" with the document is required',
  });
}

/** The writer's own uploads among `ids`, in the order given; 400 naming the field when one is not theirs. */
export async function ownAttachments(
  db: Executor,
  orgId: number | null,
  ids: readonly string[],
): Promise<TicketAttachment[]> {
  const distinct = [...new Set(ids)];
  if (!distinct.length) return [];
  const found = await db
    .select({ id: files.id, name: files.name, contentType: files.contentType, byteSize: files.byteSize })
    .from(files)
    .where(and(inArray(files.id, distinct), orgId === null ? isNull(files.orgId) : eq(files.orgId, orgId)));
  if (found.length !== distinct.length) throw badRequest(TICKET_TEXT.attachmentUnknown);
  const byId = new Map(found.map((f) => [f.id, f]));
  return distinct.map((id) => {
    const f = byId.get(id)!;
    return { fileId: id, name: f.name, contentType: f.contentType, byteSize: f.byteSize };
  });
}

/** The file, when the ticket (of `orgId`, or any for staff) carries it on itself or in its thread. */
export async function ticketFile(db: Db, ticketId: number, fileId: string, orgId: number | null) {
  const carried = sql`jsonb_build_array(jsonb_build_object('fileId', ${fileId}::text))`;
  const [hit] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(
      and(
        eq(supportTickets.id, ticketId),
        orgId === null ? undefined : eq(supportTickets.orgId, orgId),
        sql`(${supportTickets.attachments} @> ${carried} or exists (
          select 1 from ${supportTicketComments}
          where ${supportTicketComments.ticketId} = ${supportTickets.id} and ${supportTicketComments.attachments} @> ${carried}))`,
      ),
    );
  return hit ? readFile(db, fileId) : null;
}
