import {
  API_TICKETS,
  RESOLVABLE,
  STAFF_MOVES,
  STAFF_TICKET_STATUS_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_RULES,
  type TicketPriority,
  resolutionTimeText,
} from '../../../domain/tickets-contract';
import { formatDateTime } from '../../../domain/format';
import { useScreenSession } from '../../../services/screen-services';
import { useTicketThread } from '../../../services/use-ticket-thread';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Badge, Button, Card, SelectField } from '../../kit';
import { PriorityBadge, ReplyBox, TextArea, TicketStatusBadge, TicketThread } from '../help/ticket-parts';
import { StaffDetailFrame, StaffDetailRoute, type StaffList } from './staff-detail';

// /dakiya/tickets/:ticketId: one ticket for staff. Assign it, set its priority and status, reply
// (a canned reply fills the message), and resolve it with the resolution the seller reads.

const LIST: StaffList = { to: '/dakiya/tickets', label: 'Support tickets' };

export function StaffTicketScreen() {
  return <StaffDetailRoute param="ticketId" what="Ticket" list={LIST} page={(id) => <TicketPage id={id} />} />;
}

function TicketPage({ id }: { id: number }) {
  const me = useScreenSession().claims;
  const [state, send] = useTicketThread(id, 'staff');
  const assignees = useOperation(API_TICKETS.assignees, {}, { load: true });
  const canned = useOperation(API_TICKETS.cannedReplies, {}, { load: true });
  const { ticket: t, draft, files, note, error } = state.context;
  const busy = !state.matches('viewing');
  const myId = Number(me?.sub);
  return (
    <StaffDetailFrame
      list={LIST}
      crumb={<>Ticket {t?.ticketNumber ?? id}</>}
      loading={state.matches('loading')}
      error={state.matches('loadFailed') ? error : null}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {() =>
        t && (
          <div className="stack">
            <header className="page-head">
              <h1>{t.subject}</h1>
              <p>
                {t.ticketNumber} · {t.companyName} · {t.categoryText}
                {t.orderNumber && <> · order {t.orderNumber}</>}
                {t.awb && (
                  <>
                    {' '}
                    · AWB <span className="awb">{t.awb}</span>
                  </>
                )}{' '}
                · <TicketStatusBadge status={t.status} text={t.statusText} /> <PriorityBadge priority={t.priority} />
                {t.breached && (
                  <>
                    {' '}
                    <Badge tone="danger">SLA breached</Badge>
                  </>
                )}
              </p>
              <p className="small-print">
                First answer due {formatDateTime(t.firstResponseDue)} · resolution due {formatDateTime(t.resolutionDue)}{' '}
                IST
              </p>
            </header>
            <div className="grid-2 help-grid">
              <TicketThread side="staff" ticket={t} />
              <div className="stack">
                {error && <Alert>{error}</Alert>}
                <Card className="stack" aria-labelledby="handling-heading">
                  <h2 id="handling-heading">Handling</h2>
                  <SelectField
                    label="Assignee"
                    placeholder="Unassigned"
                    value={t.ticketHandledBy === null ? '' : String(t.ticketHandledBy)}
                    disabled={busy}
                    options={(assignees.data ?? []).map((a) => ({ value: String(a.accountId), label: a.name }))}
                    onChange={(e) =>
                      send({
                        type: 'UPDATE',
                        change: { ticketHandledBy: e.target.value ? Number(e.target.value) : null },
                      })
                    }
                  />
                  {t.ticketHandledBy !== myId && Number.isFinite(myId) && (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => send({ type: 'UPDATE', change: { ticketHandledBy: myId } })}
                    >
                      Assign to me
                    </Button>
                  )}
                  <SelectField
                    label="Priority"
                    value={t.priority}
                    disabled={busy}
                    options={TICKET_PRIORITIES.map((p) => ({ value: p, label: TICKET_PRIORITY_LABELS[p] }))}
                    onChange={(e) => send({ type: 'UPDATE', change: { priority: e.target.value as TicketPriority } })}
                  />
                  {STAFF_MOVES[t.status].length > 0 && (
                    <div className="row">
                      {STAFF_MOVES[t.status].map((s) => (
                        <Button
                          key={s}
                          variant="secondary"
                          disabled={busy}
                          onClick={() => send({ type: 'UPDATE', change: { status: s } })}
                        >
                          Mark {STAFF_TICKET_STATUS_LABELS[s].toLowerCase()}
                        </Button>
                      ))}
                    </div>
                  )}
                </Card>
                {t.status !== 'CLOSED' && (
                  <Card className="stack">
                    <h2>Reply to the seller</h2>
                    <ReplyBox
                      label="Reply to the seller"
                      draft={draft}
                      files={files}
                      error={null}
                      busy={state.matches('replying')}
                      extra={
                        (canned.data ?? []).length > 0 && (
                          <SelectField
                            label="Canned reply"
                            placeholder="Choose one to fill the message"
                            value=""
                            disabled={busy}
                            options={(canned.data ?? []).map((c) => ({
                              value: String(c.cannedReplyId),
                              label: c.title,
                            }))}
                            onChange={(e) => {
                              const c = canned.data?.find((x) => String(x.cannedReplyId) === e.target.value);
                              if (c) send({ type: 'TYPE', value: c.body });
                            }}
                          />
                        )
                      }
                      onType={(value) => send({ type: 'TYPE', value })}
                      onAttach={(picked) => send({ type: 'ATTACH', files: picked })}
                      onRemove={(index) => send({ type: 'REMOVE_FILE', index })}
                      onSend={() => send({ type: 'SEND' })}
                    />
                  </Card>
                )}
                {RESOLVABLE.includes(t.status) ? (
                  <Card className="stack">
                    <h2>Resolve</h2>
                    <form
                      className="stack"
                      aria-label="Resolve ticket"
                      onSubmit={(e) => {
                        e.preventDefault();
                        send({ type: 'RESOLVE' });
                      }}
                    >
                      <TextArea
                        id="ticket-resolution"
                        label="Resolution"
                        hint={`What was done, for the seller: ${TICKET_RULES.resolutionMin} to ${TICKET_RULES.resolutionMax} characters`}
                        value={note}
                        maxLength={TICKET_RULES.resolutionMax}
                        disabled={busy}
                        onChange={(value) => send({ type: 'NOTE', value })}
                      />
                      <div className="row">
                        <Button type="submit" busy={state.matches('resolving')}>
                          Resolve ticket
                        </Button>
                      </div>
                    </form>
                  </Card>
                ) : (
                  t.resolution && (
                    <Card className="stack">
                      <h2>Resolution</h2>
                      <p>{t.resolution}</p>
                      {t.resolutionTs && (
                        <p className="small-print">
                          Resolved {formatDateTime(t.resolutionTs)} IST, in {resolutionTimeText(t.resolutionMinutes)}
                          {t.handlerName ? ` by ${t.handlerName}` : ''}
                        </p>
                      )}
                    </Card>
                  )
                )}
              </div>
            </div>
          </div>
        )
      }
    </StaffDetailFrame>
  );
}
