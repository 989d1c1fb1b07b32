import type { ReactNode } from 'react';
import {
  API_TICKETS,
  ATTACHMENT_TYPES,
  TICKET_PRIORITY_LABELS,
  TICKET_RULES,
  type TicketAttachment,
  type TicketComment,
  type TicketDetail,
  type TicketPriority,
  type TicketStatus,
} from '../../../domain/tickets-contract';
import { formatDateTime } from '../../../domain/format';
import { pathOf } from '../../../domain/operation';
import type { ThreadFile } from '../../../machines/ticket-thread.machine';
import { useDocumentDownload } from '../../../services/use-document-download';
import { Alert, Badge, Button, Card } from '../../kit';

// What the seller's and the staff's ticket pages share: status and priority badges, the thread
// with its attachments, and the reply box.

export type Side = 'seller' | 'staff';

const STATUS_TONES: Record<TicketStatus, 'brand' | 'warning' | 'success' | 'danger'> = {
  OPEN: 'brand',
  IN_PROGRESS: 'brand',
  AWAITING_SELLER: 'warning',
  RESOLVED: 'success',
  CLOSED: 'success',
};

export function TicketStatusBadge({ status, text }: { status: TicketStatus; text: string }) {
  return <Badge tone={STATUS_TONES[status]}>{text}</Badge>;
}

const PRIORITY_TONES: Record<TicketPriority, 'brand' | 'warning' | 'danger'> = {
  LOW: 'brand',
  MEDIUM: 'brand',
  HIGH: 'warning',
  URGENT: 'danger',
};

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{TICKET_PRIORITY_LABELS[priority]} priority</Badge>;
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Attachments as downloads read with the session's token through the ticket that carries them. */
function Attachments({ side, ticketId, files }: { side: Side; ticketId: number; files: TicketAttachment[] }) {
  const [download, send] = useDocumentDownload();
  if (!files.length) return null;
  return (
    <ul className="list-plain ticket-files" aria-label="Attachments">
      {files.map((f) => (
        <li key={f.fileId}>
          <Button
            variant="ghost"
            className="btn-small"
            busy={
              download.matches('downloading') && (download.context.params as { url?: string })?.url?.endsWith(f.fileId)
            }
            onClick={() =>
              send({
                type: 'DOWNLOAD',
                kind: 'TICKET_ATTACHMENT',
                params: {
                  url: pathOf(side === 'seller' ? API_TICKETS.attachment : API_TICKETS.staffAttachment, {
                    ticketId,
                    fileId: f.fileId,
                  }),
                  name: f.name,
                },
              })
            }
          >
            {f.name} ({kb(f.byteSize)})
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Message({ side, ticketId, c }: { side: Side; ticketId: number; c: TicketComment }) {
  if (c.authorKind === 'SYSTEM')
    return (
      <li className="ticket-event small-print">
        {c.body} · {formatDateTime(c.createdAt)}
      </li>
    );
  const mine = (c.authorKind === 'SELLER') === (side === 'seller');
  return (
    <li className={`ticket-message${mine ? ' is-mine' : ''}`}>
      <p className="small-print">
        <strong>{c.authorName}</strong> · {formatDateTime(c.createdAt)}
      </p>
      <p className="ticket-body">{c.body}</p>
      <Attachments side={side} ticketId={ticketId} files={c.attachments} />
    </li>
  );
}

/** The ticket's description, then every message and status change in order. */
export function TicketThread({ side, ticket }: { side: Side; ticket: TicketDetail }) {
  return (
    <Card className="stack">
      <h2>Conversation</h2>
      <ol className="list-plain ticket-thread" aria-label="Conversation">
        <li className={`ticket-message${side === 'seller' ? ' is-mine' : ''}`}>
          <p className="small-print">
            <strong>{side === 'seller' ? 'You' : (ticket.companyName ?? 'Seller')}</strong> ·{' '}
            {formatDateTime(ticket.createdAt)}
          </p>
          <p className="ticket-body">{ticket.description}</p>
          <Attachments side={side} ticketId={ticket.ticketId} files={ticket.attachments} />
        </li>
        {ticket.comments.map((c) => (
          <Message key={c.commentId} side={side} ticketId={ticket.ticketId} c={c} />
        ))}
      </ol>
    </Card>
  );
}

/** Files picked in a form, each removable. */
export function PickedFiles({
  files,
  onRemove,
  disabled,
}: {
  files: ThreadFile[];
  onRemove: (i: number) => void;
  disabled?: boolean;
}) {
  if (!files.length) return null;
  return (
    <ul className="list-plain ticket-files" aria-label="Files to attach">
      {files.map((f, i) => (
        <li key={`${f.name}-${i}`} className="row">
          <span>
            {f.name} ({kb(f.size)})
          </span>
          <Button
            variant="ghost"
            className="btn-small"
            disabled={disabled}
            aria-label={`Remove ${f.name}`}
            onClick={() => onRemove(i)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The browser's picked files as the machines hold them (the File rides along for the upload). */
export const threadFiles = (list: FileList | null): ThreadFile[] =>
  [...(list ?? [])].map((f) => ({ name: f.name, size: f.size, type: f.type, blob: f }));

export const ATTACH_HINT = `PDF, PNG, JPEG or WEBP up to 2 MB each; at most ${TICKET_RULES.attachmentsMax}`;
export const ATTACH_ACCEPT = ATTACHMENT_TYPES.join(',');

/** A multi-line field with its label and hint (the kit's TextField is one line). */
export function TextArea({
  id,
  label,
  hint,
  value,
  disabled,
  maxLength,
  onChange,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  value: string;
  disabled?: boolean;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="input"
        rows={4}
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <span className="field-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** The reply box: message, files, Send; the machine's refusal shows above the button. */
export function ReplyBox({
  draft,
  files,
  error,
  busy,
  label,
  extra,
  onType,
  onAttach,
  onRemove,
  onSend,
}: {
  draft: string;
  files: ThreadFile[];
  error: string | null;
  busy: boolean;
  label: string;
  extra?: ReactNode;
  onType: (value: string) => void;
  onAttach: (files: ThreadFile[]) => void;
  onRemove: (index: number) => void;
  onSend: () => void;
}) {
  return (
    <form
      className="stack"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {extra}
      <TextArea
        id="ticket-reply"
        label="Message"
        value={draft}
        disabled={busy}
        maxLength={TICKET_RULES.replyMax}
        onChange={onType}
      />
      <div className="field">
        <label htmlFor="ticket-reply-files">Attachments</label>
        <input
          id="ticket-reply-files"
          type="file"
          multiple
          accept={ATTACH_ACCEPT}
          disabled={busy}
          aria-describedby="ticket-reply-files-hint"
          onChange={(e) => {
            onAttach(threadFiles(e.target.files));
            e.target.value = '';
          }}
        />
        <span className="field-hint" id="ticket-reply-files-hint">
          {ATTACH_HINT}
        </span>
      </div>
      <PickedFiles files={files} onRemove={onRemove} disabled={busy} />
      {error && <Alert>{error}</Alert>}
      <div className="row">
        <Button type="submit" busy={busy}>
          Send reply
        </Button>
      </div>
    </form>
  );
}
