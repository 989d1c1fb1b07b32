import {
  AFTER_WAIT_RULE_CODES,
  AFTER_WAIT_RULES,
  MAX_PAST_RTOS,
  RISK_BAND_RULE_CODES,
  RISK_BAND_RULES,
  VERIFICATION_SCOPES,
  WAIT_HOURS,
  type AfterWaitRule,
  type RiskBandRule,
  type VerificationScope,
} from '../../../domain/cod-verification';
import type { VerificationSettingsAnswer } from '../../../domain/cod-verification-contract';
import type { VerificationDraft } from '../../../domain/cod-verification-form';
import { BAND_EDGES } from '../../../domain/risk/bands';
import { FIELD_LABELS } from '../../../domain/schemas/labels';
import { useCodVerificationSettings } from '../../../services/use-cod-verification';
import { Alert, Button, Card, Checkbox, Loadable, SelectField, TextField } from '../../kit';
import { SetupPage } from './setup-screen';

// /setup/cod-verification (Pro and above): which COD orders wait for their buyer's confirmation
// (by SMS and email link), how long, and what happens to an order whose buyer never answers.
// The settings machine holds the form; this draws it.

type Edit = (patch: Partial<VerificationDraft>) => void;

const pct = (share: number) => `${Math.round(share * 100)}%`;

const SCOPES = Object.keys(VERIFICATION_SCOPES) as VerificationScope[];

function Rules({
  d,
  answer,
  errors,
  edit,
}: {
  d: VerificationDraft;
  answer: VerificationSettingsAnswer;
  errors: Record<string, string>;
  edit: Edit;
}) {
  return (
    <div className="stack cod-verify-rules">
      <Checkbox
        label="Orders worth more than a set value"
        checked={d.valueRule}
        onChange={(e) => edit({ valueRule: e.target.checked })}
      />
      {d.valueRule && (
        <TextField
          label={FIELD_LABELS.minOrderValueRupees}
          inputMode="numeric"
          prefix="₹"
          value={d.minOrderValueRupees}
          error={errors.minOrderValueRupees}
          onChange={(e) => edit({ minOrderValueRupees: e.target.value })}
        />
      )}
      <Checkbox
        label="Orders to risky pincodes"
        checked={d.riskyPincodes}
        onChange={(e) => edit({ riskyPincodes: e.target.checked })}
      />
      <p className="small-print">
        A pincode is risky when at least {answer.pincodeRiskThresholdPercent}% of the finished shipments on Dakiya to it
        came back to origin (RTO), counted once it has {answer.pincodeRiskMinShipments} finished shipments: fewer than
        that is chance, not risk. COD returns across India run at about 20–30%, so this marks pincodes well above the
        usual.
      </p>
      <Checkbox
        label="Buyers who have returned your orders before"
        checked={d.rtoRule}
        onChange={(e) => edit({ rtoRule: e.target.checked })}
      />
      {d.rtoRule && (
        <TextField
          label={FIELD_LABELS.minPastRtos}
          inputMode="numeric"
          value={d.minPastRtos}
          hint={`Verify when the buyer had at least this many orders come back to you (1 to ${MAX_PAST_RTOS})`}
          error={errors.minPastRtos}
          onChange={(e) => edit({ minPastRtos: e.target.value })}
        />
      )}
      <SelectField
        label={FIELD_LABELS.minRiskBand}
        value={d.minRiskBand}
        error={errors.minRiskBand}
        aria-describedby="cod-verify-band-hint"
        options={[
          { value: 'OFF', label: 'Off' },
          ...RISK_BAND_RULE_CODES.map((b) => ({ value: b, label: RISK_BAND_RULES[b] })),
        ]}
        onChange={(e) => edit({ minRiskBand: e.target.value as RiskBandRule | 'OFF' })}
      />
      <p className="small-print" id="cod-verify-band-hint">
        Every order gets its chance of coming back to origin when it is created: low under {pct(BAND_EDGES.MEDIUM)},
        medium under {pct(BAND_EDGES.HIGH)}, high from {pct(BAND_EDGES.HIGH)}. Verify the COD orders of the band you
        choose or higher.
      </p>
    </div>
  );
}

function SettingsForm({
  d,
  answer,
  errors,
  busy,
  edit,
  save,
}: {
  d: VerificationDraft;
  answer: VerificationSettingsAnswer;
  errors: Record<string, string>;
  busy: boolean;
  edit: Edit;
  save: () => void;
}) {
  return (
    <form
      className="stack"
      aria-label="COD verification settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Checkbox
        label="Ask buyers to confirm COD orders before they ship"
        checked={d.enabled}
        onChange={(e) => edit({ enabled: e.target.checked })}
      />
      <fieldset className="stack" aria-describedby={errors.scope ? 'cod-verify-scope-error' : undefined}>
        <legend>{FIELD_LABELS.verificationScope}</legend>
        {SCOPES.map((s) => (
          <label key={s} className="check">
            <input
              type="radio"
              name="cod-verify-scope"
              value={s}
              checked={d.scope === s}
              onChange={() => edit({ scope: s })}
            />
            {VERIFICATION_SCOPES[s]}
          </label>
        ))}
        {errors.scope && (
          <span id="cod-verify-scope-error" className="field-error" role="alert">
            {errors.scope}
          </span>
        )}
      </fieldset>
      {d.scope === 'RULES' && <Rules d={d} answer={answer} errors={errors} edit={edit} />}
      <div className="grid-2">
        <TextField
          label={FIELD_LABELS.waitHours}
          inputMode="numeric"
          value={d.waitHours}
          hint={`${WAIT_HOURS.min} to ${WAIT_HOURS.max} hours from when the order is created`}
          error={errors.waitHours}
          onChange={(e) => edit({ waitHours: e.target.value })}
        />
        <SelectField
          label={FIELD_LABELS.afterWait}
          value={d.afterWait}
          error={errors.afterWait}
          options={AFTER_WAIT_RULE_CODES.map((r) => ({ value: r, label: AFTER_WAIT_RULES[r] }))}
          onChange={(e) => edit({ afterWait: e.target.value as AfterWaitRule })}
        />
      </div>
      <div>
        <Checkbox
          label="Offer buyers to pay now and make the order prepaid"
          checked={d.offerPrepaid && answer.gatewayAvailable}
          disabled={!answer.gatewayAvailable}
          aria-describedby="cod-verify-prepaid-hint"
          onChange={(e) => edit({ offerPrepaid: e.target.checked })}
        />
        <p className="small-print" id="cod-verify-prepaid-hint">
          {answer.gatewayAvailable
            ? 'The buyer’s page shows a Pay now button; a paid order ships as prepaid, with no cash to collect.'
            : 'Not available: no payment gateway is set up on this Dakiya server, so buyers can only confirm or cancel.'}
        </p>
      </div>
      <div className="row">
        <Button type="submit" busy={busy}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

export function CodVerificationScreen() {
  const [state, send] = useCodVerificationSettings();
  const { draft, answer, fieldErrors, error } = state.context;
  return (
    <SetupPage
      title="COD order verification"
      intro="Before a cash-on-delivery order ships, its buyer confirms it by SMS or email link, cancels it, or pays now."
    >
      <Loadable
        loading={state.matches('loading')}
        error={state.matches('loadFailed') ? error : null}
        onRetry={() => send({ type: 'RETRY' })}
      >
        {() =>
          draft &&
          answer && (
            <Card className="stack">
              <SettingsForm
                d={draft}
                answer={answer}
                errors={fieldErrors}
                busy={state.matches('saving')}
                edit={(patch) => send({ type: 'EDIT', patch })}
                save={() => send({ type: 'SAVE' })}
              />
              {state.matches('failed') && error && <Alert>{error}</Alert>}
              {state.matches('saved') && (
                <Alert tone="info">
                  {answer.enabled
                    ? 'Saved. New COD orders your settings pick now wait for their buyer’s confirmation.'
                    : 'Saved. COD orders ship without asking their buyers.'}
                </Alert>
              )}
            </Card>
          )
        }
      </Loadable>
    </SetupPage>
  );
}
