import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { BUYER_NDR_ANSWERS, NDR_ACTIONS, type BuyerNdrView } from '../domain/ndr-contract';
import type { BuyerNdrAnswer } from '../domain/schemas/ndr';
import { addressChanges, type NdrTextField } from '../domain/ndr-forms';
import { ndrNoAnswerRule } from '../domain/ndr-rules';
import { ChangeList } from '../ui/kit/change-list';
import { ndrResponseMachine } from '../machines/ndr-response.machine';
import { answerBuyerNdr, fetchBuyerNdr } from './ndr-buyer-client';
import { trackInspector } from './inspector';
import { BuyerBrand, BuyerMessage, Fetching, LinkNotValid, LoadFailed, RUPEES, SendOrBack } from './buyer-page-parts';

// The buyer's page after a failed delivery (the SMS/email link, /ndr/{token}): the ndr-response
// machine drives it; this draws its states, phone first, in the seller's brand.

const DAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: '2-digit', month: 'short', timeZone: 'UTC' });

/** Every yyyy-mm-dd from min to max. */
function daysBetween(min: string, max: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${min}T00:00:00Z`); t <= Date.parse(`${max}T00:00:00Z`) && out.length < 14; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
const dayText = (ymd: string) => DAY.format(new Date(`${ymd}T00:00:00Z`));

const ANSWER_HELP: Record<keyof typeof BUYER_NDR_ANSWERS, string> = {
  REATTEMPT: 'Pick a day and the courier brings it again.',
  UPDATE_DETAILS: 'Fix the address, add a landmark, or give another phone number.',
  DECLINE: 'The parcel goes back to the seller.',
};

function Input({
  field,
  label,
  value,
  error,
  onChange,
  ...rest
}: {
  field: NdrTextField;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>) {
  const id = `ndr-${field}`;
  return (
    <div className="t-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...rest}
      />
      {error && (
        <span id={`${id}-error`} className="t-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

type InputSpec = { field: NdrTextField; label: string } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
>;

/** The corrected address the buyer gives, then another phone: each field with its label and limits. */
const ADDRESS_FIELDS: InputSpec[] = [
  { field: 'addressLine1', label: 'House, building and street', autoComplete: 'address-line1', maxLength: 200 },
  { field: 'addressLine2', label: 'Area or locality (optional)', autoComplete: 'address-line2', maxLength: 200 },
  { field: 'landmark', label: 'Landmark', maxLength: 100 },
  { field: 'pincode', label: 'Pincode', inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 },
];
const FIELD_WORDS: Record<string, string> = {
  ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f.field, f.label.replace(' (optional)', '')])),
  phone: 'Phone number',
};
const PHONE_FIELDS: InputSpec[] = [
  {
    field: 'phone',
    label: 'Another phone number (optional)',
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    maxLength: 14,
  },
];

function Inputs({
  fields,
  values,
  errors,
  set,
}: {
  fields: InputSpec[];
  values: Partial<Record<NdrTextField, string>>;
  errors: Partial<Record<string, string>>;
  set: (field: NdrTextField) => (value: string) => void;
}) {
  return fields.map((f) => (
    <Input key={f.field} {...f} value={values[f.field] ?? ''} error={errors[f.field]} onChange={set(f.field)} />
  ));
}

export function NdrResponseScreen({ token }: { token: string }) {
  const [machine] = useState(() =>
    ndrResponseMachine.provide({
      actors: {
        fetchNdr: fromPromise<BuyerNdrView, { token: string }>(({ input }) => fetchBuyerNdr(input.token)),
        sendAnswer: fromPromise<BuyerNdrView, { token: string; body: BuyerNdrAnswer }>(({ input }) =>
          answerBuyerNdr(input.token, input.body),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { token }, inspect: trackInspector() });
  const { view, values, errors, answer } = state.context;
  const set = (field: NdrTextField) => (value: string) => send({ type: 'SET', field, value });

  if (state.matches('loading')) return <Fetching />;
  if (state.matches('loadFailed'))
    return <LoadFailed error={state.context.error} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('expired'))
    return (
      <BuyerMessage title="This link has expired">
        <p>The time to answer has passed; the courier follows the seller&apos;s instructions now.</p>
      </BuyerMessage>
    );
  if (state.matches('notFound')) return <LinkNotValid />;
  const answered = state.matches('done') || state.matches('used');
  // once the parcel is on its way back (the seller's return, or the buyer said no) there is nothing to pay
  const goingBack = view?.answered?.answer === NDR_ACTIONS.RTO || view?.answered?.answer === BUYER_NDR_ANSWERS.DECLINE;
  return (
    <>
      <BuyerBrand brand={view} />
      <main className="t-main">
        {view && (
          <section className="t-card" aria-labelledby="ndr-head">
            <p className="t-status">Delivery attempt {view.attempt} failed</p>
            <h1 id="ndr-head">We missed you: order {view.orderNumber}</h1>
            <p>
              {view.carrierName} could not deliver your parcel ({view.parcel}): <strong>{view.reasonText}</strong>.
            </p>
            {!answered && <p className="t-small">{ndrNoAnswerRule(view.noAnswerAction, 'BUYER')}</p>}
            {view.paymentMethod === 'COD' && !goingBack && (
              <p className="t-small">Keep {RUPEES.format(view.codAmountPaise / 100)} ready to pay on delivery.</p>
            )}
          </section>
        )}
        {answered && view && (
          <section className="t-card" aria-labelledby="ndr-done" role="status">
            <h2 id="ndr-done">{state.matches('done') ? 'Thank you, we have told the courier' : 'Already answered'}</h2>
            {view.answered && (
              <p>
                {view.answered.by === 'BUYER'
                  ? `Your answer: ${view.answered.answer}.`
                  : view.answered.answer === NDR_ACTIONS.RTO
                    ? 'The seller has asked the courier to return the parcel to them.'
                    : `The seller has acted: ${view.answered.answer}.`}
              </p>
            )}
            {state.context.error && <p className="t-small">{state.context.error}</p>}
          </section>
        )}
        {state.matches('choosing') && view && (
          <section className="t-card" aria-labelledby="ndr-ask">
            <h2 id="ndr-ask">What should we do?</h2>
            <div className="t-choices">
              {view.options.map((o) => (
                <button key={o} type="button" className="t-choice" onClick={() => send({ type: 'CHOOSE', answer: o })}>
                  <strong>{BUYER_NDR_ANSWERS[o]}</strong>
                  <span className="t-small">{ANSWER_HELP[o]}</span>
                </button>
              ))}
            </div>
          </section>
        )}
        {(state.matches('answering') || state.matches('submitting') || state.matches('failed')) && view && answer && (
          <form
            className="t-card"
            aria-labelledby="ndr-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: state.matches('failed') ? 'RETRY' : 'SUBMIT' });
            }}
          >
            <h2 id="ndr-form">{BUYER_NDR_ANSWERS[answer]}</h2>
            {answer === 'UPDATE_DETAILS' && (
              <>
                <p className="t-small t-note">
                  The courier has:{' '}
                  {[view.address.line1, view.address.line2, view.address.city, view.address.pincode]
                    .filter(Boolean)
                    .join(', ')}
                </p>
                <Inputs fields={ADDRESS_FIELDS} values={values} errors={errors} set={set} />
                <p className="t-small t-note">The courier calls {view.phoneHint}.</p>
                <Inputs fields={PHONE_FIELDS} values={values} errors={errors} set={set} />
                <ChangeList
                  title="What changes"
                  rows={addressChanges(view.address, values).map((c) => ({
                    ...c,
                    label: FIELD_WORDS[c.field],
                  }))}
                  words={{ becomes: 'becomes', empty: '(none)', removed: '(removed)' }}
                />
              </>
            )}
            {answer !== 'DECLINE' && (
              <fieldset className="t-days">
                <legend>Deliver on</legend>
                <div className="t-choices t-day-list" role="radiogroup" aria-label="Delivery day">
                  {daysBetween(view.dates.min, view.dates.max).map((d) => (
                    <button
                      key={d}
                      type="button"
                      role="radio"
                      aria-checked={values.reattemptDate === d}
                      className={`t-day${values.reattemptDate === d ? ' is-on' : ''}`}
                      onClick={() => send({ type: 'SET', field: 'reattemptDate', value: d })}
                    >
                      {dayText(d)}
                    </button>
                  ))}
                </div>
                {errors.reattemptDate && (
                  <p className="t-error" role="alert">
                    {errors.reattemptDate}
                  </p>
                )}
              </fieldset>
            )}
            {answer === 'DECLINE' && <p>The parcel goes back to {view.brandName}. You can still order again later.</p>}
            <SendOrBack
              error={state.matches('failed') ? state.context.error : null}
              busy={state.matches('submitting')}
              label={answer === 'DECLINE' ? 'Send it back' : 'Confirm'}
              busyLabel="Sending…"
              onBack={() => send({ type: 'BACK' })}
            />
          </form>
        )}
      </main>
    </>
  );
}
