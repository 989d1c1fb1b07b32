import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import {
  API_TICKETS,
  attachmentProblem,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_RULES,
  ticketPrefill,
} from '../../../domain/tickets-contract';
import { RaiseTicketBody } from '../../../domain/schemas/tickets';
import type { ThreadFile } from '../../../machines/ticket-thread.machine';
import { invalidate } from '../../../services/invalidate';
import { notify } from '../../../services/notify';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { SUPPORT_LINE_LABELS, supportPromise } from '../../../domain/support-desk';
import { call } from '../../../services/call';
import { uploadTicketFiles } from '../../../services/use-ticket-thread';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { useRequest } from '../../hooks/use-request';
import { Alert, Button, Card, SelectField, TextField } from '../../kit';
import { ATTACH_ACCEPT, ATTACH_HINT, PickedFiles, TextArea, threadFiles } from './ticket-parts';

// The new-ticket form of /help. A "Get help" link from an order, NDR or weight discrepancy page
// arrives with the category and the order's AWB (or number) filled in. The order is picked from
// the seller's own orders (the list under the field); the server resolves it among them only.

const FormSchema = v.object({ ...RaiseTicketBody.entries, attachments: v.optional(v.array(v.string()), []) });
const FIELDS = ['category', 'reference', 'subject', 'description'];

export function NewTicketForm() {
  const http = useHttp();
  const navigate = useNavigate();
  const location = useLocation();
  const [prefill] = useState(() => ticketPrefill(location.search));
  const form = useForm(FormSchema, {
    category: prefill.category,
    reference: prefill.reference,
    subject: '',
    description: '',
  });
  const [files, setFiles] = useState<ThreadFile[]>([]);
  const plan = useScreenSession().account?.subscriptionType;
  const promise = plan ? supportPromise(plan) : null;
  const [fileError, setFileError] = useState<string | null>(null);
  const references = useOperation(API_TICKETS.references, (search: string) => ({ query: { search } }), { load: true });
  const raise = useRequest(
    async (body: v.InferOutput<typeof FormSchema>) => {
      const attachments = await uploadTicketFiles(http, 'seller', files);
      return call(http, API_TICKETS.raise, {
        body: {
          ...body,
          // the order the link came from, while its reference is the one filled in
          orderId: prefill.orderId && body.reference === prefill.reference ? prefill.orderId : undefined,
          reference: body.reference || undefined,
          attachments,
        },
      });
    },
    {
      onDone: (t) => {
        invalidate('tickets');
        notify({ kind: 'info', message: `Ticket ${t.ticketNumber} raised` });
        navigate(`/help/tickets/${t.ticketId}`);
      },
      onError: (message) => form.showServerError(message, FIELDS),
    },
  );
  const attach = (picked: ThreadFile[]) => {
    const problem = attachmentProblem(picked, files.length);
    setFileError(problem);
    if (!problem) setFiles((old) => [...old, ...picked]);
  };
  const busy = raise.running;
  return (
    <Card className="stack" aria-labelledby="new-ticket-heading" id="new-ticket">
      <h2 id="new-ticket-heading">Raise a ticket</h2>
      {promise && (
        <p className="m-0" data-testid="ticket-promise">
          <strong>{SUPPORT_LINE_LABELS[promise.line]} support.</strong> {promise.firstResponse}
        </p>
      )}
      <form
        className="stack"
        aria-label="New ticket"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submitTo((body) => raise.run(body))();
        }}
      >
        <SelectField
          label="Category"
          placeholder="Choose what it is about"
          options={TICKET_CATEGORIES.map((c) => ({ value: c, label: TICKET_CATEGORY_LABELS[c] }))}
          value={String(form.values.category ?? '')}
          error={form.errors.category}
          disabled={busy}
          onChange={(e) => form.set('category', e.target.value)}
        />
        <TextField
          label="Order or AWB"
          hint="Optional: the order number or AWB of one of your orders"
          list="ticket-references"
          autoComplete="off"
          disabled={busy}
          {...form.field('reference')}
          onChange={(e) => {
            form.set('reference', e.target.value);
            references.run(e.target.value.trim());
          }}
        />
        <datalist id="ticket-references">
          {(references.data ?? []).flatMap((r) => [
            <option key={`o${r.orderId}`} value={r.orderNumber} />,
            ...(r.awb ? [<option key={`a${r.orderId}`} value={r.awb} label={`Order ${r.orderNumber}`} />] : []),
          ])}
        </datalist>
        <TextField label="Subject" maxLength={TICKET_RULES.subjectMax} disabled={busy} {...form.field('subject')} />
        <div>
          <TextArea
            id="ticket-description"
            label="Description"
            hint={`What happened and what you need, in ${TICKET_RULES.descriptionMin} to ${TICKET_RULES.descriptionMax} characters`}
            value={String(form.values.description ?? '')}
            maxLength={TICKET_RULES.descriptionMax}
            disabled={busy}
            onChange={(value) => form.set('description', value)}
          />
          {form.errors.description && (
            <span className="field-error" role="alert">
              {form.errors.description}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="ticket-files">Attachments</label>
          <input
            id="ticket-files"
            type="file"
            multiple
            accept={ATTACH_ACCEPT}
            disabled={busy}
            aria-describedby="ticket-files-hint"
            onChange={(e) => {
              attach(threadFiles(e.target.files));
              e.target.value = '';
            }}
          />
          <span className="field-hint" id="ticket-files-hint">
            {ATTACH_HINT}
          </span>
        </div>
        <PickedFiles files={files} disabled={busy} onRemove={(i) => setFiles((old) => old.filter((_, j) => j !== i))} />
        {(fileError || form.failure(raise.error)) && <Alert>{fileError ?? form.failure(raise.error)}</Alert>}
        <div className="row">
          <Button type="submit" busy={busy}>
            Raise ticket
          </Button>
        </div>
      </form>
    </Card>
  );
}
