import {
  SIGNUP_FEEDBACK,
  SIGNUP_FEEDBACK_MSG,
  SIGNUP_FEEDBACK_RATINGS,
  signupFeedbackDisabled,
} from '../../../domain/signup-feedback';
import { Button } from '../../kit';
import { useSignupFeedback } from '../../../services/use-signup-feedback';

// The sign-up page's feedback block (spec sections 3 and 9). Behaviour lives in
// signupFeedbackMachine; which controls are shut, and why, in signupFeedbackDisabled.

export function SignupFeedback() {
  const [state, send] = useSignupFeedback();
  const { rating, message, error } = state.context;
  const phase = state.matches('sent') ? 'sent' : state.matches('sending') ? 'sending' : 'editing';
  const shut = signupFeedbackDisabled({ phase, rating, message });
  if (phase === 'sent') {
    return (
      <section className="signup-feedback" aria-label="Sign-up feedback">
        <p role="status">{SIGNUP_FEEDBACK_MSG.thanks}</p>
      </section>
    );
  }
  return (
    <section className="signup-feedback" aria-label="Sign-up feedback">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <fieldset className="signup-feedback-rating" disabled={shut.rating}>
          <legend>
            How did signing up go?{' '}
            <span className="field-hint">
              {rating === null
                ? `Rate it out of ${SIGNUP_FEEDBACK.maxRating}`
                : `${rating} out of ${SIGNUP_FEEDBACK.maxRating}`}
            </span>
          </legend>
          <div className="signup-feedback-scale">
            {SIGNUP_FEEDBACK_RATINGS.map((n) => (
              <button
                key={n}
                type="button"
                className={`btn btn-secondary${rating === n ? ' is-selected' : ''}`}
                aria-pressed={rating === n}
                aria-label={`${n} out of ${SIGNUP_FEEDBACK.maxRating}`}
                onClick={() => send({ type: 'RATE', value: n })}
              >
                {n}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor="signup-feedback-message">Message (optional)</label>
          <textarea
            id="signup-feedback-message"
            className="input"
            rows={3}
            maxLength={SIGNUP_FEEDBACK.messageMaxLength}
            disabled={shut.message}
            value={message}
            onChange={(e) => send({ type: 'TYPE', value: e.target.value })}
          />
          <span className="field-hint">
            {message.trim().length} / {SIGNUP_FEEDBACK.messageMaxLength}
          </span>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="signup-feedback-actions">
          <Button
            type="submit"
            variant="secondary"
            disabled={shut.submit}
            busy={phase === 'sending'}
            aria-describedby={shut.reason ? 'signup-feedback-reason' : undefined}
          >
            Send feedback
          </Button>
          {shut.reason && (
            <span id="signup-feedback-reason" className="field-hint">
              {shut.reason}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}
