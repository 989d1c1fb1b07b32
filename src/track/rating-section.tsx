import { useMachine } from '@xstate/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { fromPromise } from 'xstate';
import { ratingImage } from '../domain/tracking/display';
import { ratingMachine } from '../machines/rating.machine';
import { trackInspector } from './inspector';
import { useBuyerText } from './language';

// One rating section (the rating machine): 0 to 10, a face for each pair of scores, submit shut
// while 0; a thank-you once given, or when the server already has the rating. A score of 0 is
// "not rated yet": it is the group's chosen radio at first (one tab stop), shown unhighlighted,
// and the line under the row says how to rate. Without submit (a page not opened from the buyer's own link)
// it is read-only: the rating given, or nothing.

const FACES = { 1: '😞', 2: '😕', 3: '😐', 4: '🙂', 5: '😄' } as const;

export function RatingSection({
  title,
  given,
  submit,
}: {
  title: string;
  given: number | null;
  submit?: (score: number, feedback: string) => Promise<unknown>;
}) {
  const id = `rate-${submit ? 'f' : 'r'}-${[...title].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7).toString(36)}`;
  const m = useBuyerText().t.tracking;
  if (!submit) {
    if (given === null) return null;
    return (
      <section className="t-card" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        <p>{m.ratedReadOnly(given)}</p>
      </section>
    );
  }
  return <RatingForm id={id} title={title} given={given} submit={submit} />;
}

function RatingForm({
  id,
  title,
  given,
  submit,
}: {
  id: string;
  title: string;
  given: number | null;
  submit: (score: number, feedback: string) => Promise<unknown>;
}) {
  const [machine] = useState(() =>
    ratingMachine.provide({
      actors: {
        submitRating: fromPromise<unknown, { score: number; feedback: string }>(({ input }) =>
          submit(input.score, input.feedback),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, { inspect: trackInspector() });
  const m = useBuyerText().t.tracking;
  if (given !== null || state.matches('given')) {
    return (
      <section className="t-card" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        <p role="status">{m.thanks}</p>
      </section>
    );
  }
  const score = state.context.score;
  const face = ratingImage(score);
  return (
    <section className="t-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ScoreScale label={m.scaleLabel(title)} score={score} onScore={(value) => send({ type: 'SCORE', value })} />
      <p className="t-face" aria-live="polite">
        {face ? (
          <>
            <span role="img" aria-label={m.faces[face]}>
              {FACES[face]}
            </span>{' '}
            <span className="t-small">{m.ratingChosen(score)}</span>
          </>
        ) : (
          <span className="t-small">{m.ratingHint}</span>
        )}
      </p>
      <label className="t-field">
        <span>{m.tellMore}</span>
        <textarea
          value={state.context.feedback}
          maxLength={500}
          rows={2}
          onChange={(e) => send({ type: 'FEEDBACK', value: e.target.value })}
        />
      </label>
      <button
        type="button"
        className="t-button"
        disabled={score === 0 || state.matches('submitting')}
        onClick={() => send({ type: 'SUBMIT' })}
      >
        {state.matches('submitting') ? m.sending : m.submit}
      </button>
    </section>
  );
}

/**
 * The 0–10 scale as one radio group (WAI-ARIA radio pattern): one tab stop, on the chosen score
 * (0, "not rated yet", before any); arrow keys, Home and End move and choose.
 */
function ScoreScale({ label, score, onScore }: { label: string; score: number; onScore: (n: number) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const choose = (n: number) => {
    onScore(n);
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[n]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = {
      ArrowRight: score + 1,
      ArrowDown: score + 1,
      ArrowLeft: score - 1,
      ArrowUp: score - 1,
      Home: 0,
      End: 10,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    choose((next + 11) % 11);
  };
  return (
    <div className="t-scale" role="radiogroup" aria-label={label} ref={group} onKeyDown={onKeyDown}>
      {Array.from({ length: 11 }, (_, n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={score === n}
          tabIndex={score === n ? 0 : -1}
          className={score > 0 && score === n ? 'is-on' : ''}
          onClick={() => choose(n)}
        >
          {n}
        </button>
      ))}
    </div>
  );
}
