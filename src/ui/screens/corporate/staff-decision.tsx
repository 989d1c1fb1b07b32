import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { staffEditFormMachine, StaffEditFormEvent } from '../../../machines/staff-edit-form.machine';
import { STAFF_REASON } from '../../../domain/schemas/staff';
import { Alert, Button, ConfirmDialog, TextField } from '../../kit';

// The frame every staff decision form shares: its fields, the reason the audit keeps, the refusal,
// what was done, and the confirmation a decision that asks first shows. Renders the form machine.

type Snapshot = SnapshotFrom<typeof staffEditFormMachine>;

export function fieldProps(state: Snapshot, send: (e: StaffEditFormEvent) => void, name: string) {
  return {
    value: state.context.draft[name] ?? '',
    error: state.context.errors[name],
    onChange: (e: { target: { value: string } }) => send({ type: 'FIELD', name, value: e.target.value }),
  };
}

export function StaffDecisionForm({
  label,
  state,
  send,
  submitLabel,
  confirm,
  withReason = true,
  children,
}: {
  label: string;
  state: Snapshot;
  send: (e: StaffEditFormEvent) => void;
  submitLabel: string;
  confirm?: { title: string; message: ReactNode; confirmLabel: string };
  withReason?: boolean;
  children?: ReactNode;
}) {
  const { error, notice, errors } = state.context;
  return (
    <form
      className="stack"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'SUBMIT' });
      }}
    >
      {children}
      {withReason && (
        <TextField
          label="Reason"
          maxLength={STAFF_REASON.max}
          hint={`${STAFF_REASON.min} to ${STAFF_REASON.max} characters; the audit log keeps it`}
          {...fieldProps(state, send, 'reason')}
        />
      )}
      {errors.form && <Alert>{errors.form}</Alert>}
      {error && <Alert>{error}</Alert>}
      {notice && (
        <Alert tone="info">
          <span role="status">{notice}</span>
        </Alert>
      )}
      <Button type="submit" busy={state.matches('submitting')}>
        {submitLabel}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={state.matches('confirming')}
          title={confirm.title}
          message={confirm.message}
          confirmLabel={confirm.confirmLabel}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'CANCEL' })}
        />
      )}
    </form>
  );
}
