import { useState } from 'react';
import { countOf, formatDay } from '../../../domain/format';
import {
  NDR_ACTION_FIELDS,
  NDR_ACTIONS,
  NDR_REASONS,
  type NdrActionKind,
  type NdrField,
} from '../../../domain/ndr-contract';
import { addressChanges, MAX_EVIDENCE_IMAGES, NDR_FIELD_LABELS, type NdrTextField } from '../../../domain/ndr-forms';
import { reattemptDates, SUGGESTED_ACTION } from '../../../domain/ndr-rules';
import { currentAddress, type NdrActionTarget } from '../../../machines/ndr-action.machine';
import { ChangeList } from '../../kit/change-list';
import { useNdrAction } from '../../../services/use-ndr-action';
import { Alert, Badge, Button, Checkbox, Dialog, Spinner, TextField } from '../../kit';
import { REMARKS_MAX, remarksHint } from '../../../domain/remarks';

// Acting on one NDR or a selection: the ndr-action machine drives it; this draws its states.

const HINTS: Partial<Record<NdrField, string>> = {
  reattemptDate: 'The courier tries again on this day',
  landmark: 'A shop, temple or school the delivery person can ask for',
  phone: '10-digit mobile number; the courier calls it before the attempt',
  remarks: remarksHint('What the courier should know'),
};

const ACTION_HELP: Record<NdrActionKind, string> = {
  REATTEMPT: 'The courier takes the parcel out again.',
  CHANGE_ADDRESS: 'The courier delivers to the corrected address.',
  CHANGE_PHONE: 'The courier calls this number before the next attempt.',
  RTO: 'The parcel comes back to you; RTO charges apply.',
  FAKE_ATTEMPT: 'Tell the courier the attempt was not made; it tries again and its team looks into it.',
};

const CHANGE_WORDS = { becomes: 'becomes', empty: '(none)', removed: '(removed)' };

function Field({
  field,
  value,
  error,
  required,
  dates,
  onChange,
}: {
  field: NdrTextField;
  value: string;
  error?: string;
  required: boolean;
  dates: { min: string; max: string };
  onChange: (value: string) => void;
}) {
  const label = `${NDR_FIELD_LABELS[field]}${required ? '' : ' (optional)'}`;
  if (field === 'remarks')
    return (
      <div className="field">
        <label htmlFor="ndr-remarks">{label}</label>
        <textarea
          id="ndr-remarks"
          className="input"
          rows={3}
          maxLength={REMARKS_MAX}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ndr-remarks-error' : 'ndr-remarks-hint'}
          onChange={(e) => onChange(e.target.value)}
        />
        {error ? (
          <span id="ndr-remarks-error" className="field-error" role="alert">
            {error}
          </span>
        ) : (
          <span id="ndr-remarks-hint" className="field-hint">
            {HINTS.remarks}
          </span>
        )}
      </div>
    );
  return (
    <TextField
      label={label}
      type={field === 'reattemptDate' ? 'date' : field === 'phone' ? 'tel' : 'text'}
      inputMode={field === 'pincode' || field === 'phone' ? 'numeric' : undefined}
      min={field === 'reattemptDate' ? dates.min : undefined}
      max={field === 'reattemptDate' ? dates.max : undefined}
      maxLength={field === 'pincode' ? 6 : field === 'phone' ? 14 : 200}
      prefix={field === 'phone' ? '+91' : undefined}
      value={value}
      error={error}
      hint={
        field === 'reattemptDate'
          ? `${HINTS.reattemptDate}, from ${formatDay(dates.min)} to ${formatDay(dates.max)}`
          : HINTS[field]
      }
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function NdrActionDialog({
  items,
  onClose,
}: {
  items: NdrActionTarget[];
  /** acted: some NDR was sent, so the list should reload */
  onClose: (acted: boolean) => void;
}) {
  const [dates] = useState(() => reattemptDates(new Date()));
  const [state, send] = useNdrAction({ items, dates });
  const ctx = state.context;
  const single = items.length === 1;
  const current = currentAddress(items);
  const title = single ? `Act on ${items[0].label}` : `Act on ${countOf(items.length, 'NDRs')}`;
  const reasons = [...new Set(items.map((i) => NDR_REASONS[i.reason]))];
  const suggested = single ? SUGGESTED_ACTION[items[0].reason] : null;
  const acted = state.matches('done') && ctx.results.some((r) => r.state !== 'REFUSED');
  const fields = ctx.action ? NDR_ACTION_FIELDS[ctx.action] : null;
  const busy = state.matches('submitting') || state.matches('awaitingCourier');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && (busy ? undefined : onClose(state.matches('done') && acted))}
      title={title}
      description={`Reason: ${reasons.join('; ')}`}
      wide
    >
      <div className="stack">
        {state.matches('choosing') && (
          <fieldset className="ndr-choices">
            <legend>What should the courier do?</legend>
            {ctx.allowed.length === 0 && (
              <Alert tone="info">These NDRs admit no action in common; act on them one by one.</Alert>
            )}
            {ctx.allowed.map((a) => (
              <button
                key={a}
                type="button"
                className={`ndr-choice${a === suggested ? ' is-suggested' : ''}`}
                onClick={() => send({ type: 'CHOOSE', action: a })}
              >
                <strong>{NDR_ACTIONS[a]}</strong> {a === suggested && <Badge tone="success">Suggested</Badge>}
                <span className="small-print">{ACTION_HELP[a]}</span>
              </button>
            ))}
          </fieldset>
        )}
        {(state.matches('filling') || state.matches('submitting') || state.matches('failed')) &&
          ctx.action &&
          fields && (
            <form
              className="stack"
              aria-label={NDR_ACTIONS[ctx.action]}
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'SUBMIT' });
              }}
            >
              <h3>{NDR_ACTIONS[ctx.action]}</h3>
              <p className="muted">{ACTION_HELP[ctx.action]}</p>
              {[...fields.required, ...fields.optional]
                .filter((f): f is NdrTextField => f !== 'evidenceFileIds')
                .map((f) => (
                  <Field
                    key={f}
                    field={f}
                    value={ctx.values[f] ?? ''}
                    error={ctx.errors[f]}
                    required={fields.required.includes(f)}
                    dates={dates}
                    onChange={(value) => send({ type: 'SET', field: f, value })}
                  />
                ))}
              {ctx.action === 'CHANGE_ADDRESS' && current && (
                <>
                  <p className="small-print">
                    The courier has: {current.line1}
                    {current.line2 ? `, ${current.line2}` : ''}, {current.city} {current.pincode}
                  </p>
                  <ChangeList
                    title="What changes"
                    rows={addressChanges(current, ctx.values).map((c) => ({ ...c, label: NDR_FIELD_LABELS[c.field] }))}
                    words={CHANGE_WORDS}
                  />
                </>
              )}
              {ctx.action === 'FAKE_ATTEMPT' && (
                <div className="field">
                  <label htmlFor="ndr-evidence">
                    Evidence images (optional; up to {MAX_EVIDENCE_IMAGES}, PNG, JPEG or WEBP of 1 MB at most)
                  </label>
                  <input
                    id="ndr-evidence"
                    type="file"
                    accept="image/png,image/jpeg,image/webp"
                    disabled={
                      state.matches({ filling: 'uploading' }) || ctx.evidenceFileIds.length >= MAX_EVIDENCE_IMAGES
                    }
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) send({ type: 'ATTACH', file });
                      e.target.value = '';
                    }}
                  />
                  {state.matches({ filling: 'uploading' }) && <Spinner label="Uploading" />}
                  {ctx.evidenceFileIds.map((id, i) => (
                    <span key={id} className="row">
                      Image {i + 1}
                      <Button
                        variant="ghost"
                        className="btn-small"
                        onClick={() => send({ type: 'DETACH', fileId: id })}
                      >
                        Remove image {i + 1}
                      </Button>
                    </span>
                  ))}
                  {ctx.errors.evidenceFileIds && (
                    <span className="field-error" role="alert">
                      {ctx.errors.evidenceFileIds}
                    </span>
                  )}
                </div>
              )}
              {ctx.action === 'RTO' && (
                <Checkbox
                  label={single ? 'Send this parcel back to me' : `Send these ${items.length} parcels back to me`}
                  checked={ctx.confirmed}
                  error={ctx.errors.confirmed}
                  onChange={(e) => send({ type: 'CONFIRM', confirmed: e.target.checked })}
                />
              )}
              {state.matches('failed') && (
                <Alert>
                  <span>{ctx.error}</span>
                </Alert>
              )}
              <div className="row dialog-actions">
                {state.matches('failed') ? (
                  <Button onClick={() => send({ type: 'RETRY' })}>Try again</Button>
                ) : (
                  <Button type="submit" variant={ctx.action === 'RTO' ? 'danger' : 'primary'} busy={busy}>
                    {ctx.action === 'RTO' ? 'Return to origin' : 'Send to courier'}
                  </Button>
                )}
                <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'BACK' })}>
                  Back
                </Button>
              </div>
            </form>
          )}
        {state.matches('awaitingCourier') && <Spinner label="Waiting for the courier's answer" />}
        {state.matches('done') && (
          <div className="stack" role="status">
            <ul className="ndr-results" aria-label="Courier's answers">
              {ctx.results.map((r) => (
                <li key={r.ndrId}>
                  <Badge tone={r.state === 'ACCEPTED' ? 'success' : r.state === 'REFUSED' ? 'danger' : 'warning'}>
                    {r.state === 'ACCEPTED' ? 'Accepted' : r.state === 'REFUSED' ? 'Refused' : 'Waiting'}
                  </Badge>{' '}
                  <strong>{r.label}</strong>: {r.message}
                </li>
              ))}
            </ul>
            <div className="row dialog-actions">
              <Button onClick={() => onClose(acted)}>Done</Button>
            </div>
          </div>
        )}
        {state.matches('choosing') && (
          <div className="row dialog-actions">
            <Button variant="secondary" onClick={() => onClose(false)}>
              Cancel
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
