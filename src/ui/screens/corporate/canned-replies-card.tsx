import { CannedReplyBody } from '../../../domain/schemas/tickets';
import { API_TICKETS, TICKET_RULES } from '../../../domain/tickets-contract';
import { useOperation } from '../../hooks/use-operation';
import { useForm } from '../../hooks/use-form';
import { Alert, Button, Card, Loadable, TextField } from '../../kit';
import { TextArea } from '../help/ticket-parts';

// The canned replies staff share: a title and the message it fills into a reply.

export function CannedRepliesCard() {
  const list = useOperation(API_TICKETS.cannedReplies, {}, { load: true });
  const form = useForm(CannedReplyBody, { title: '', message: '' });
  const add = useOperation(API_TICKETS.addCannedReply, (body: { title: string; message: string }) => ({ body }), {
    onDone: () => {
      form.reset({ title: '', message: '' });
      list.run();
    },
    onError: (message) => form.showServerError(message, ['title', 'message']),
  });
  const remove = useOperation(
    API_TICKETS.deleteCannedReply,
    (cannedReplyId: number) => ({ params: { cannedReplyId } }),
    { onDone: () => list.run() },
  );
  return (
    <Card className="stack" aria-labelledby="canned-heading">
      <h2 id="canned-heading">Canned replies</h2>
      <Loadable loading={list.loading && !list.data} error={list.error} onRetry={list.retry}>
        {() => (
          <ul className="list-plain stack">
            {(list.data ?? []).map((c) => (
              <li key={c.cannedReplyId} className="row">
                <span>
                  <strong>{c.title}</strong> — {c.body}
                </span>
                <Button
                  variant="ghost"
                  className="btn-small"
                  busy={remove.running}
                  aria-label={`Remove ${c.title}`}
                  onClick={() => remove.run(c.cannedReplyId)}
                >
                  Remove
                </Button>
              </li>
            ))}
            {list.data?.length === 0 && <li className="muted">None yet</li>}
          </ul>
        )}
      </Loadable>
      <form
        className="stack"
        aria-label="New canned reply"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          form.submitTo((body) => add.run(body))();
        }}
      >
        <TextField label="Title" maxLength={TICKET_RULES.cannedTitleMax} {...form.field('title')} />
        <TextArea
          id="canned-message"
          label="Message"
          value={String(form.values.message ?? '')}
          maxLength={TICKET_RULES.replyMax}
          onChange={(value) => form.set('message', value)}
        />
        {form.errors.message && <Alert>{form.errors.message}</Alert>}
        {form.failure(add.error) && <Alert>{form.failure(add.error)}</Alert>}
        <div className="row">
          <Button type="submit" variant="secondary" busy={add.running}>
            Add canned reply
          </Button>
        </div>
      </form>
    </Card>
  );
}
