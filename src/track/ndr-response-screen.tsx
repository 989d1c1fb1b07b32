import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { BUYER_NDR_ANSWERS, NDR_ACTIONS, type BuyerNdrView } from '../domain/ndr-contract';
import type { NdrText } from '../domain/buyer-text/ndr';
import type { BuyerNdrAnswer } from '../domain/schemas/ndr';
import { addressChanges, type NdrTextField } from '../domain/ndr-forms';
import { ChangeList } from '../ui/kit/change-list';
import { ndrResponseMachine } from '../machines/ndr-response.machine';
import { answerBuyerNdr, fetchBuyerNdr } from './ndr-buyer-client';
import { trackInspector } from './inspector';
import {
  BuyerBrand,
  BuyerMessage,
  Fetching,
  LinkNotValid,
  LoadFailed,
  SendOrBack,
  usePageTitle,
} from './buyer-page-parts';
import { useBuyerText } from './language';
import { formatRupees } from '../domain/money';
import { buyerShortDay, failureInWords } from '../domain/buyer-text/language';
import { ndrAnswerText, ndrParcelText, ndrProblemText, NDR_TEXT, ndrRefusalText } from '../domain/buyer-text/ndr';

// The buyer's page after a failed delivery (the SMS/email link, /ndr/{token}): the ndr-response
// machine drives it; this draws its states, phone first, in the seller's brand, in English or
// Hindi (the page's switch).

/** Every yyyy-mm-dd from min to max. */
function daysBetween(min: string, max: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${min}T00:00:00Z`); t <= Date.parse(`${max}T00:00:00Z`) && out.length < 14; t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

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

type InputSpec = { field: keyof NdrText['labels'] } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
>;

/** The corrected address the buyer gives, then another phone: each field with its limits (labels: NDR_TEXT). */
const ADDRESS_FIELDS: InputSpec[] = [
  { field: 'addressLine1', autoComplete: 'address-line1', maxLength: 200 },
  { field: 'addressLine2', autoComplete: 'address-line2', maxLength: 200 },
  { field: 'landmark', maxLength: 100 },
  { field: 'pincode', inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 },
];
const PHONE_FIELDS: InputSpec[] = [
  {
    field: 'phone',
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
  labels,
  problem,
}: {
  fields: InputSpec[];
  values: Partial<Record<NdrTextField, string>>;
  errors: Partial<Record<string, string>>;
  set: (field: NdrTextField) => (value: string) => void;
  labels: NdrText['labels'];
  /** a rule's problem in the page's words */
  problem: (message: string) => string;
}) {
  return fields.map((f) => {
    const error = errors[f.field];
    return (
      <Input
        key={f.field}
        {...f}
        label={labels[f.field]}
        value={values[f.field] ?? ''}
        error={error && problem(error)}
        onChange={set(f.field)}
      />
    );
  });
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
  const { t, lang } = useBuyerText();
  const w = NDR_TEXT[lang];
  usePageTitle(w.title);
  const problem = (message: string) => (view ? ndrProblemText(message, view.dates, w, t) : message);
  /** a failed call's words: a late answer refused, or the HTTP layer's */
  const failure = (message: string) => failureInWords(ndrRefusalText(message, w), t);

  if (state.matches('loading')) return <Fetching />;
  if (state.matches('loadFailed'))
    return <LoadFailed error={state.context.error} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('expired'))
    return (
      <BuyerMessage title={t.common.linkExpired}>
        <p>{w.expiredText}</p>
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
            <p className="t-status">{w.attemptFailed(view.attempt)}</p>
            <h1 id="ndr-head">{w.heading(view.orderNumber)}</h1>
            <p>
              {w.couldNotDeliver(view.carrierName, ndrParcelText(view.parcel, w))}{' '}
              <strong>{lang === 'en' ? view.reasonText : (w.reasons[view.reason] ?? view.reasonText)}</strong>
              {lang === 'en' ? '.' : '।'}
            </p>
            {!answered && <p className="t-small">{w.noAnswer[view.noAnswerAction]}</p>}
            {view.paymentMethod === 'COD' && !goingBack && (
              <p className="t-small">{w.keepCash(formatRupees(view.codAmountPaise))}</p>
            )}
          </section>
        )}
        {answered && view && (
          <section className="t-card" aria-labelledby="ndr-done" role="status">
            <h2 id="ndr-done">{state.matches('done') ? w.thanks : t.common.alreadyAnswered}</h2>
            {view.answered && (
              <p>
                {view.answered.by === 'BUYER'
                  ? w.yourAnswer(ndrAnswerText(view.answered.answer, w))
                  : view.answered.answer === NDR_ACTIONS.RTO
                    ? w.sellerReturns
                    : w.sellerActed(ndrAnswerText(view.answered.answer, w))}
              </p>
            )}
            {state.context.error && <p className="t-small">{failure(state.context.error)}</p>}
          </section>
        )}
        {state.matches('choosing') && view && (
          <section className="t-card" aria-labelledby="ndr-ask">
            <h2 id="ndr-ask">{w.ask}</h2>
            <div className="t-choices">
              {view.options.map((o) => (
                <button key={o} type="button" className="t-choice" onClick={() => send({ type: 'CHOOSE', answer: o })}>
                  <strong>{w.answers[o]}</strong>
                  <span className="t-small">{w.answerHelp[o]}</span>
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
            <h2 id="ndr-form">{w.answers[answer]}</h2>
            {answer === 'UPDATE_DETAILS' && (
              <>
                <p className="t-small t-note">
                  {w.courierHas}{' '}
                  {[view.address.line1, view.address.line2, view.address.city, view.address.pincode]
                    .filter(Boolean)
                    .join(', ')}
                </p>
                <Inputs
                  fields={ADDRESS_FIELDS}
                  values={values}
                  errors={errors}
                  set={set}
                  labels={w.labels}
                  problem={problem}
                />
                <p className="t-small t-note">{w.courierCalls(view.phoneHint)}</p>
                <Inputs
                  fields={PHONE_FIELDS}
                  values={values}
                  errors={errors}
                  set={set}
                  labels={w.labels}
                  problem={problem}
                />
                <ChangeList
                  title={w.changes.title}
                  rows={addressChanges(view.address, values).map((c) => ({
                    ...c,
                    label: w.fieldNames[c.field as keyof NdrText['fieldNames']],
                  }))}
                  words={w.changes}
                />
              </>
            )}
            {answer !== 'DECLINE' && (
              <fieldset className="t-days">
                <legend>{w.deliverOn}</legend>
                <div className="t-choices t-day-list" role="radiogroup" aria-label={w.dayGroup}>
                  {daysBetween(view.dates.min, view.dates.max).map((d) => (
                    <button
                      key={d}
                      type="button"
                      role="radio"
                      aria-checked={values.reattemptDate === d}
                      className={`t-day${values.reattemptDate === d ? ' is-on' : ''}`}
                      onClick={() => send({ type: 'SET', field: 'reattemptDate', value: d })}
                    >
                      {buyerShortDay(d, t)}
                    </button>
                  ))}
                </div>
                {errors.reattemptDate && (
                  <p className="t-error" role="alert">
                    {problem(errors.reattemptDate)}
                  </p>
                )}
              </fieldset>
            )}
            {answer === 'DECLINE' && <p>{w.declined(view.brandName)}</p>}
            <SendOrBack
              error={state.matches('failed') && state.context.error ? failure(state.context.error) : null}
              busy={state.matches('submitting')}
              label={answer === 'DECLINE' ? w.sendBack : w.confirm}
              busyLabel={t.common.sending}
              onBack={() => send({ type: 'BACK' })}
            />
          </form>
        )}
      </main>
    </>
  );
}
