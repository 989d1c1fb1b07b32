import { FailureText } from '../kyc/failure-text';
import {
  MAX_PACKAGES,
  MIN_PACKAGES,
  PACKAGE_SIZE_LABELS,
  SPLIT_MODE_LABELS,
  packageOf,
  type PackageSizeField,
} from '../../../domain/split-shipments';
import { useSplitShipment } from '../../../services/use-split-shipment';
import { Alert, Button, Dialog, SelectField, Spinner, TextField } from '../../kit';

// "Split shipment": the split-shipment machine drives it; this draws its states. Each package
// is a group of fields: every item's quantity in it, then its weight and size.

const SIZE_FIELDS = Object.keys(PACKAGE_SIZE_LABELS) as PackageSizeField[];

export function SplitShipmentDialog({
  orderId,
  orderNumber,
  onClose,
}: {
  orderId: number;
  orderNumber: string;
  onClose: () => void;
}) {
  const [state, send] = useSplitShipment(orderId, onClose);
  const ctx = state.context;
  const editing = state.matches('editing') || state.matches('saving') || state.matches('saveFailed');
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Split ${orderNumber}`}
      description="Ship the order as several packages: choose what goes in each, with its weight and size."
      wide
    >
      <div className="stack">
        {state.matches('loading') && <Spinner label="Reading the order’s items" />}
        {state.matches('loadFailed') && (
          <Alert>
            <FailureText text={ctx.error} />
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </Button>
          </Alert>
        )}
        {editing && (
          <form
            noValidate
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'SAVE' });
            }}
          >
            <SelectField
              label="Split"
              value={ctx.mode}
              onChange={(e) => send({ type: 'SET_MODE', mode: e.target.value as typeof ctx.mode })}
              options={[
                { value: 'BY_ITEM', label: SPLIT_MODE_LABELS.BY_ITEM },
                ...(ctx.multiPieceMax > 0 ? [{ value: 'BY_BOX', label: SPLIT_MODE_LABELS.BY_BOX }] : []),
              ]}
            />
            {ctx.drafts.map((d, index) => (
              <fieldset key={index} className="card stack">
                <legend>Package {packageOf(index + 1, ctx.drafts.length)}</legend>
                <div className="grid-2">
                  {ctx.items.map((item) => (
                    <TextField
                      key={item.itemId}
                      label={`${item.name} (of ${item.quantity})`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={item.quantity}
                      value={String(d.quantities[item.itemId] ?? 0)}
                      onChange={(e) =>
                        send({
                          type: 'SET_QUANTITY',
                          index,
                          itemId: item.itemId,
                          quantity: Math.max(0, Math.floor(Number(e.target.value) || 0)),
                        })
                      }
                    />
                  ))}
                </div>
                <div className="grid-2">
                  {SIZE_FIELDS.map((field) => (
                    <TextField
                      key={field}
                      label={PACKAGE_SIZE_LABELS[field]}
                      inputMode="decimal"
                      value={d[field]}
                      onChange={(e) => send({ type: 'SET_SIZE', index, field, value: e.target.value })}
                    />
                  ))}
                </div>
                {ctx.drafts.length > MIN_PACKAGES && (
                  <div className="row">
                    <Button variant="ghost" onClick={() => send({ type: 'REMOVE_PACKAGE', index })}>
                      Remove package {index + 1}
                    </Button>
                  </div>
                )}
              </fieldset>
            ))}
            {ctx.problem && (
              <Alert tone="warning">
                <span>{ctx.problem}</span>
              </Alert>
            )}
            {state.matches('saveFailed') && (
              <Alert>
                <FailureText text={ctx.error} />
                <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                  Try again
                </Button>
                <Button variant="ghost" onClick={() => send({ type: 'BACK' })}>
                  Change the packages
                </Button>
              </Alert>
            )}
            <div className="row">
              <Button type="submit" busy={state.matches('saving')} disabled={!state.matches('editing')}>
                Save packages
              </Button>
              <Button
                variant="secondary"
                disabled={!state.matches('editing') || ctx.drafts.length >= MAX_PACKAGES}
                onClick={() => send({ type: 'ADD_PACKAGE' })}
              >
                Add package
              </Button>
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
