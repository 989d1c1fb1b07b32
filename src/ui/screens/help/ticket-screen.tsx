import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../domain/format';
import { TICKET_RULES, mayReopen, resolutionTimeText } from '../../../domain/tickets-contract';
import { useTicketThread } from '../../../services/use-ticket-thread';
import { Alert, Button, Card, Loadable } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { SellerShell } from '../shell/seller-shell';
import { ReplyBox, TextArea, TicketStatusBadge, TicketThread } from './ticket-parts';

// /help/tickets/:ticketId: one ticket's conversation. The seller replies while it is open, and
// reopens it with a reason within 7 days of its resolution. The ticket-thread machine drives it.

export function TicketScreen() {
  const id = useParams().ticketId ?? '';
  if (!/^\d{1,9}$/.test(id))
    return (
      <SellerShell>
        <div className="page stack">
          <h1>Ticket not found</h1>
          <Link to="/help">Back to Help</Link>
        </div>
      </SellerShell>
    );
  return <TicketPage key={id} ticketId={Number(id)} />;
}

function TicketPage({ ticketId }: { ticketId: number }) {
  const [state, send] = useTicketThread(ticketId, 'seller');
  const { ticket: t, draft, files, note, error } = state.context;
  const replying = state.matches('replying');
  const reopening = state.matches('reopening');
  return (
    <SellerShell>
      <div className="page stack">
        <Breadcrumb to="/help" label="Help">
          {t?.ticketNumber ?? 'Ticket'}
        </Breadcrumb>
        <Loadable
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
                    {t.ticketNumber} · {t.categoryText}
                    {t.orderId && (
                      <>
                        {' '}
                        · order <Link to={`/orders/${t.orderId}`}>{t.orderNumber}</Link>
                      </>
                    )}
                    {t.awb && (
                      <>
                        {' '}
                        · AWB <span className="awb">{t.awb}</span>
                      </>
                    )}{' '}
                    · <TicketStatusBadge status={t.status} text={t.statusText} />
                  </p>
                  {!t.resolutionTs && (
                    <p className="small-print">
                      Our service level: the first answer by {formatDateTime(t.firstResponseDue)}, solved by{' '}
                      {formatDateTime(t.resolutionDue)} IST.
                    </p>
                  )}
                </header>
                {t.resolution && (
                  <Card className="stack" aria-labelledby="resolution-heading">
                    <h2 id="resolution-heading">Resolution</h2>
                    <p>{t.resolution}</p>
                    {t.resolutionTs && (
                      <p className="small-print">
                        Resolved {formatDateTime(t.resolutionTs)} IST, in {resolutionTimeText(t.resolutionMinutes)}
                        {t.handlerName ? ` by ${t.handlerName}` : ''}
                      </p>
                    )}
                  </Card>
                )}
                <TicketThread side="seller" ticket={t} />
                {(t.status === 'RESOLVED' || reopening) && (
                  <Card className="stack">
                    <h2>Not solved?</h2>
                    {t.reopenUntil && mayReopen(t, new Date()) ? (
                      <form
                        className="stack"
                        aria-label="Reopen ticket"
                        onSubmit={(e) => {
                          e.preventDefault();
                          send({ type: 'REOPEN', now: new Date() });
                        }}
                      >
                        <p className="muted">You can reopen this ticket until {formatDateTime(t.reopenUntil)} IST.</p>
                        <TextArea
                          id="reopen-reason"
                          label="Reason"
                          value={note}
                          maxLength={TICKET_RULES.replyMax}
                          disabled={reopening}
                          onChange={(value) => send({ type: 'NOTE', value })}
                        />
                        {error && <Alert>{error}</Alert>}
                        <div className="row">
                          <Button type="submit" busy={reopening}>
                            Reopen ticket
                          </Button>
                        </div>
                      </form>
                    ) : (
                      <p className="muted">
                        The {TICKET_RULES.reopenDays}-day window to reopen it has closed.{' '}
                        <Link to="/help#new-ticket">Raise a new ticket</Link>.
                      </p>
                    )}
                  </Card>
                )}
                {t.status !== 'RESOLVED' && t.status !== 'CLOSED' && !reopening && (
                  <Card className="stack">
                    <h2>Reply</h2>
                    <ReplyBox
                      label="Reply"
                      draft={draft}
                      files={files}
                      error={error}
                      busy={replying}
                      onType={(value) => send({ type: 'TYPE', value })}
                      onAttach={(picked) => send({ type: 'ATTACH', files: picked })}
                      onRemove={(index) => send({ type: 'REMOVE_FILE', index })}
                      onSend={() => send({ type: 'SEND' })}
                    />
                  </Card>
                )}
                {t.status === 'CLOSED' && (
                  <p className="muted">
                    This ticket is closed. <Link to="/help#new-ticket">Raise a new ticket</Link>.
                  </p>
                )}
              </div>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}
