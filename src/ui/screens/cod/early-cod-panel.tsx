import { EARLY_COD_TEXT, EXAMPLE_COD_PAISE, earlyCodFeePaise, formatPercentBps } from '../../../domain/cod-remittance';
import { formatDateTime, formatRupees } from '../../../domain/format';
import { useEarlyCod } from '../../../services/use-early-cod';
import { Alert, Button, Card, Checkbox, Loadable } from '../../kit';

// Early COD: the options with their fee (on an example order), the terms to accept, confirm; or
// stop it. The machine (early-cod.machine.ts) holds the flow.

export function EarlyCodPanel() {
  const [state, send] = useEarlyCod();
  const { settings, days, termsAccepted, error } = state.context;
  const chosen = settings?.options.find((o) => o.days === days) ?? null;
  const saving = state.matches('saving');
  return (
    <Card className="stack" aria-labelledby="early-cod-title">
      <h2 id="early-cod-title">Early COD</h2>
      <Loadable
        loading={state.matches('loading')}
        error={state.matches('loadFailed') ? error : null}
        onRetry={() => send({ type: 'RETRY' })}
      >
        {() =>
          settings && (
            <div className="stack">
              <p>
                {settings.earlyCodDays
                  ? `On: shipments delivered since ${formatDateTime(settings.earlyCodSince!)} IST are paid D+${settings.earlyCodDays} for ${formatPercentBps(settings.earlyCodFeeBps)} of their COD amount.`
                  : `Off: your plan pays COD ${settings.planDays} days after delivery, on the next payout day (${settings.payoutDays}).`}
              </p>
              {(state.matches('idle') || state.matches('reviewing')) && (
                <div className="row" role="group" aria-label="Early COD options">
                  {settings.options.map((o) => (
                    <Button
                      key={o.days}
                      variant={days === o.days ? 'primary' : 'secondary'}
                      aria-pressed={days === o.days}
                      disabled={settings.earlyCodDays === o.days}
                      onClick={() => send({ type: 'CHOOSE', days: o.days })}
                    >
                      D+{o.days} · fee {o.feeText}
                    </Button>
                  ))}
                  {settings.earlyCodDays && state.matches('idle') && (
                    <Button variant="ghost" onClick={() => send({ type: 'STOP' })}>
                      Stop early COD
                    </Button>
                  )}
                </div>
              )}
              {state.matches('reviewing') && chosen && (
                <div className="stack">
                  <p className="terms-text">{EARLY_COD_TEXT.terms(chosen.days, chosen.feeText)}</p>
                  <p>
                    On a {formatRupees(EXAMPLE_COD_PAISE)} COD order the fee is{' '}
                    <strong>{formatRupees(earlyCodFeePaise(EXAMPLE_COD_PAISE, chosen.feeBps))}</strong>.
                  </p>
                  <Checkbox
                    label="I accept the early COD terms and fee"
                    checked={termsAccepted}
                    onChange={(e) => send({ type: 'TERMS', accepted: e.currentTarget.checked })}
                  />
                  <div className="row">
                    <Button onClick={() => send({ type: 'CONFIRM' })}>Opt in to D+{chosen.days}</Button>
                    <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
                      Cancel
                    </Button>
                  </div>
                </div>
              )}
              {state.matches('confirmingStop') && (
                <div className="row">
                  <span>Stop early COD? Shipments delivered from now on follow your plan&apos;s cycle.</span>
                  <Button variant="danger" onClick={() => send({ type: 'CONFIRM' })}>
                    Stop early COD
                  </Button>
                  <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
                    Keep it
                  </Button>
                </div>
              )}
              {saving && <p role="status">Saving…</p>}
              {state.matches('done') && (
                <div className="row">
                  <Alert tone="info">Saved.</Alert>
                  <Button variant="secondary" onClick={() => send({ type: 'CLOSE' })}>
                    OK
                  </Button>
                </div>
              )}
              {state.matches('failed') && (
                <div className="row">
                  <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
                  <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
                    Cancel
                  </Button>
                </div>
              )}
              {error && !state.matches('loadFailed') && <Alert>{error}</Alert>}
            </div>
          )
        }
      </Loadable>
    </Card>
  );
}
