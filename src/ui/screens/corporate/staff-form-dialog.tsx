import { useEffect, useState, type ReactNode } from 'react';
import type { StaffEditFormInput } from '../../../machines/staff-edit-form.machine';
import { useStaffEditForm } from '../../../services/use-staff-edit-form';
import { Alert, Button, Dialog } from '../../kit';
import { fieldProps, StaffDecisionForm } from './staff-decision';

// Every staff form that opens in a dialog (a new coupon or staff login, a coupon's edit or
// switch): the staff-edit-form machine in a dialog that closes by itself once the server saved it,
// handing the page what was saved to say; a refusal keeps it open with the reason and what was typed.

type Field = ReturnType<typeof fieldProps>;

export function StaffFormDialog({
  title,
  input,
  submitLabel,
  withReason = false,
  wide = false,
  onClose,
  onSaved,
  children,
}: {
  /** the dialog's title, and its form's name */
  title: string;
  input: StaffEditFormInput;
  submitLabel: string;
  withReason?: boolean;
  wide?: boolean;
  onClose: () => void;
  /** the server saved it: the page closes the dialog and says this */
  onSaved: (notice: string) => void;
  children?: (field: (name: string) => Field) => ReactNode;
}) {
  const [state, send] = useStaffEditForm(input);
  const saved = state.matches('saved');
  const notice = state.context.notice;
  useEffect(() => {
    if (saved) onSaved(notice ?? 'Saved');
  }, [saved, notice, onSaved]);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} wide={wide}>
      <StaffDecisionForm label={title} state={state} send={send} withReason={withReason} submitLabel={submitLabel}>
        {children?.((name) => fieldProps(state, send, name))}
      </StaffDecisionForm>
      <div className="row dialog-actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Which dialog a page has open and what its last save said: opening one forgets the last notice,
 * a save closes the dialog and keeps its notice for the page's status line.
 */
export function useStaffDialog<T>() {
  const [open, setOpen] = useState<T | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [onSaved] = useState(() => (text: string) => {
    setOpen(null);
    setNotice(text);
  });
  return {
    open,
    notice,
    show: (what: T) => {
      setNotice(null);
      setOpen(what);
    },
    close: () => setOpen(null),
    onSaved,
  };
}

/** The page's line saying what the last dialog saved. */
export function SavedNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <Alert tone="info">
      <span role="status">{notice}</span>
    </Alert>
  );
}
