import type { NoticeKind } from '../../../domain/notices';
import { BANNER_TONES, BANNER_TONE_LABELS } from '../../../domain/notices-contract';
import { PLAN_CODES, PLAN_TABLE } from '../../../domain/plans';
import type { useNoticeEditor } from '../../../services/use-notice-editor';
import { Alert, Button, Card, Checkbox, SelectField, TextField } from '../../kit';

// The staff form of a banner or a release note: renders the notice-editor machine's draft and
// errors, sends its events. New, or the saved one picked from the list below it.

type Editor = ReturnType<typeof useNoticeEditor>;

export function NoticeForm({ kind, editor }: { kind: NoticeKind; editor: Editor }) {
  const [state, send] = editor;
  const { draft, errors, error, notice, editingId } = state.context;
  const field = (name: 'message' | 'link' | 'startsAt' | 'endsAt' | 'title') => ({
    value: draft[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => send({ type: 'FIELD', name, value: e.target.value }),
  });
  const banner = kind === 'BANNER';
  const noun = banner ? 'banner' : 'release note';
  return (
    <Card className="stack" aria-labelledby="notice-form-heading">
      <h2 id="notice-form-heading">{editingId === null ? `New ${noun}` : `Edit ${noun} ${editingId}`}</h2>
      <form
        className="stack"
        aria-label={banner ? 'Banner' : 'Release note'}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {banner ? (
          <>
            <TextField label="Message" maxLength={300} {...field('message')} />
            <SelectField
              label="Tone"
              options={BANNER_TONES.map((t) => ({ value: t, label: BANNER_TONE_LABELS[t] }))}
              value={draft.tone}
              error={errors.tone}
              onChange={(e) => send({ type: 'FIELD', name: 'tone', value: e.target.value })}
            />
            <TextField
              label="Link"
              hint="Optional: a page such as /wallet, or an https:// address"
              {...field('link')}
            />
            <div className="grid-2">
              <TextField label="Starts" type="datetime-local" hint="India time; empty: now" {...field('startsAt')} />
              <TextField
                label="Ends"
                type="datetime-local"
                hint="India time; empty: until switched off"
                {...field('endsAt')}
              />
            </div>
            <fieldset className="stack">
              <legend>Plans (none ticked: every plan)</legend>
              <div className="row">
                {PLAN_CODES.map((p) => (
                  <Checkbox
                    key={p}
                    label={PLAN_TABLE[p].name}
                    checked={draft.plans.includes(p)}
                    onChange={() => send({ type: 'TOGGLE_PLAN', plan: p })}
                  />
                ))}
              </div>
              {errors.plans && <span className="field-error">{errors.plans}</span>}
            </fieldset>
          </>
        ) : (
          <>
            <TextField label="Title" maxLength={120} {...field('title')} />
            <div className="field">
              <label htmlFor="note-body">Text</label>
              <textarea
                id="note-body"
                className="field-control"
                rows={6}
                value={draft.body}
                aria-invalid={!!errors.body || undefined}
                aria-describedby={errors.body ? 'note-body-error' : undefined}
                onChange={(e) => send({ type: 'FIELD', name: 'body', value: e.target.value })}
              />
              {errors.body && (
                <span id="note-body-error" className="field-error" role="alert">
                  {errors.body}
                </span>
              )}
            </div>
          </>
        )}
        {errors.form && <Alert>{errors.form}</Alert>}
        {error && <Alert>{error}</Alert>}
        {notice && (
          <Alert tone="info">
            <span>{notice}</span>
          </Alert>
        )}
        <div className="row">
          <Button type="submit" busy={state.matches('saving')}>
            {editingId === null ? (banner ? 'Publish banner' : 'Save draft') : 'Save changes'}
          </Button>
          {editingId !== null && (
            <Button variant="secondary" onClick={() => send({ type: 'NEW' })}>
              Cancel editing
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
