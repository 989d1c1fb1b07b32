import type { PaymentModeRow } from '../../../domain/payment-modes-contract';
import { ADVANCE_KINDS, ADVANCE_PERCENT, MAX_LABEL_NOTE, PAYMENT_MODE_BASES } from '../../../domain/payment-modes';
import { FIELD_LABELS } from '../../../domain/schemas/labels';
import type { PaymentModeDraft } from '../../../domain/schemas/payment-modes';
import { usePaymentModes } from '../../../services/use-payment-modes';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  DataTable,
  FormDialog,
  Loadable,
  RowActions,
  SelectField,
  TextField,
} from '../../kit';
import { SetupPage } from './setup-screen';

// /setup/payment-modes (Premium): the seller's own collection modes beside PPD and COD, such as
// partial COD with an advance paid online. A thin view over payment-modes.machine.ts.

const BASES = Object.entries(PAYMENT_MODE_BASES).map(([value, label]) => ({ value, label }));
const KINDS = Object.entries(ADVANCE_KINDS).map(([value, label]) => ({ value, label }));

function ModeDialog({
  draft,
  isNew,
  error,
  saving,
  onChange,
  onSave,
  onClose,
}: {
  draft: PaymentModeDraft;
  isNew: boolean;
  error: string | null;
  saving: boolean;
  onChange: (patch: Partial<PaymentModeDraft>) => void;
  onSave: () => void;
  onClose: () => void;
}) {
  const cod = draft.modeBasis === 'COD';
  return (
    <FormDialog
      title={isNew ? 'Add payment mode' : `Edit ${draft.modeName || 'payment mode'}`}
      onClose={onClose}
      onSubmit={onSave}
      error={error}
      saving={saving}
      saveLabel="Save mode"
    >
      <div className="form-grid">
        <TextField
          label={FIELD_LABELS.modeName}
          value={draft.modeName}
          onChange={(e) => onChange({ modeName: e.target.value })}
          hint="As you and your team call it, e.g. Partial COD"
        />
        <TextField
          label={FIELD_LABELS.modeCode}
          value={draft.modeCode}
          maxLength={8}
          onChange={(e) => onChange({ modeCode: e.target.value.toUpperCase() })}
          hint="2–8 capitals or digits, printed on the label (not PPD or COD)"
        />
        <SelectField
          label={FIELD_LABELS.modeBasis}
          value={draft.modeBasis}
          options={BASES}
          onChange={(e) => onChange({ modeBasis: e.target.value as PaymentModeDraft['modeBasis'] })}
        />
        {cod && (
          <SelectField
            label={FIELD_LABELS.advanceKind}
            value={draft.advanceKind}
            options={KINDS}
            onChange={(e) => onChange({ advanceKind: e.target.value as PaymentModeDraft['advanceKind'] })}
          />
        )}
        {cod && draft.advanceKind === 'PERCENT' && (
          <TextField
            label={FIELD_LABELS.advancePercent}
            inputMode="numeric"
            value={draft.advancePercent}
            onChange={(e) => onChange({ advancePercent: e.target.value })}
            hint={`${ADVANCE_PERCENT.min}–${ADVANCE_PERCENT.max}% of the order value, paid before shipping`}
          />
        )}
        {cod && draft.advanceKind === 'FIXED' && (
          <TextField
            label={FIELD_LABELS.advanceAmount}
            inputMode="decimal"
            prefix="₹"
            value={draft.advanceAmount}
            onChange={(e) => onChange({ advanceAmount: e.target.value })}
            hint="Paid before shipping; must stay below the order's total"
          />
        )}
        <TextField
          label={FIELD_LABELS.labelNote}
          value={draft.labelNote}
          maxLength={MAX_LABEL_NOTE}
          onChange={(e) => onChange({ labelNote: e.target.value })}
          hint={`Optional, up to ${MAX_LABEL_NOTE} characters`}
        />
      </div>
    </FormDialog>
  );
}

export function PaymentModesScreen() {
  const [state, send] = usePaymentModes();
  const { modes, draft, editingId, error, showArchived } = state.context;
  const busy = state.matches('archiving');
  const columns = [
    {
      header: 'Mode',
      cell: (m: PaymentModeRow) => (
        <span>
          <strong>{m.modeName}</strong> {m.archived && <Badge tone="warning">Archived</Badge>}
        </span>
      ),
    },
    { header: 'Label code', cell: (m: PaymentModeRow) => <code>{m.modeCode}</code> },
    { header: 'Collected', cell: (m: PaymentModeRow) => m.advanceText },
    { header: 'Orders', cell: (m: PaymentModeRow) => m.ordersCount },
    {
      header: 'Actions',
      cell: (m: PaymentModeRow) => (
        <RowActions
          actions={[
            { label: 'Edit', name: `Edit ${m.modeName}`, onClick: () => send({ type: 'EDIT', modeId: m.modeId }) },
            m.archived
              ? {
                  label: 'Restore',
                  name: `Restore ${m.modeName}`,
                  disabled: busy,
                  onClick: () => send({ type: 'RESTORE', modeId: m.modeId }),
                }
              : {
                  label: 'Archive',
                  name: `Archive ${m.modeName}`,
                  disabled: busy,
                  onClick: () => send({ type: 'ARCHIVE', modeId: m.modeId }),
                },
          ]}
        />
      ),
    },
  ];
  return (
    <SetupPage
      title="Payment modes"
      intro="Your own ways of collecting beside prepaid and COD, such as partial COD with an advance paid before shipping. Orders keep the mode they were made with."
      action={state.matches('ready') && <Button onClick={() => send({ type: 'NEW' })}>Add payment mode</Button>}
    >
      <Loadable
        loading={state.matches('loading')}
        error={state.matches('loadFailed') ? error : null}
        onRetry={() => send({ type: 'RETRY' })}
      >
        {() => (
          <div className="stack">
            <Checkbox
              label="Show archived modes"
              checked={showArchived}
              onChange={(e) => send({ type: 'SHOW_ARCHIVED', show: e.target.checked })}
            />
            {error && !draft && <Alert>{error}</Alert>}
            <DataTable
              caption="Payment modes"
              columns={columns}
              rows={modes}
              rowKey={(m) => m.modeId}
              busy={busy}
              empty="No payment modes yet. Add one, e.g. Partial COD with a 20% advance."
            />
          </div>
        )}
      </Loadable>
      {draft && (
        <ModeDialog
          draft={draft}
          isNew={editingId === null}
          error={error}
          saving={state.matches('saving')}
          onChange={(patch) => send({ type: 'FIELD', patch })}
          onSave={() => send({ type: 'SAVE' })}
          onClose={() => send({ type: 'CANCEL' })}
        />
      )}
    </SetupPage>
  );
}
