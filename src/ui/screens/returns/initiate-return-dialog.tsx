import { useState } from 'react';
import { formatRupees, paiseOf } from '../../../domain/money';
import { chosenItems, MAX_RETURN_PHOTOS, returnValuePaise, type StandaloneDetails } from '../../../domain/return-draft';
import { REFUND_DECISIONS, REFUND_DECISION_CODES, type QcCheckKind } from '../../../domain/returns';
import { returnDraft, type CreatedReturn } from '../../../machines/return-initiation.machine';
import { useReturnInitiation } from '../../../services/use-return-initiation';
import { Alert, Button, Checkbox, Dialog, SelectField, Spinner, TextField } from '../../kit';

// "Initiate return": the return-initiation machine drives it (items → reason → addresses → QC →
// review → created); this draws each step and sends what the seller picks.

const STEPS = ['items', 'reason', 'addresses', 'qc', 'review'] as const;
const STEP_TITLES = {
  items: 'Items',
  reason: 'Reason',
  addresses: 'Addresses',
  qc: 'Quality check',
  review: 'Review',
} as const;

const EMPTY_DETAILS: StandaloneDetails = {
  orderNumber: '',
  buyerName: '',
  buyerPhone: '',
  buyerEmail: '',
  line1: '',
  line2: '',
  pincode: '',
  lengthCm: '',
  breadthCm: '',
  heightCm: '',
  deadWeightKg: '',
};

function AddItemForm({ onAdd }: { onAdd: (item: { name: string; sku: string; qty: number; price: number }) => void }) {
  const [name, setName] = useState('');
  const [sku, setSku] = useState('');
  const [qty, setQty] = useState('1');
  const [price, setPrice] = useState('');
  return (
    <fieldset className="stack">
      <legend>Add a product</legend>
      <div className="grid-2">
        <TextField label="Product name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="SKU" value={sku} onChange={(e) => setSku(e.target.value)} />
        <TextField label="Quantity" inputMode="numeric" value={qty} onChange={(e) => setQty(e.target.value)} />
        <TextField
          label="Unit price (₹)"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </div>
      <div>
        <Button
          variant="secondary"
          onClick={() => {
            onAdd({ name: name.trim(), sku: sku.trim(), qty: Number(qty), price: Number(price || 0) });
            setName('');
            setSku('');
            setQty('1');
            setPrice('');
          }}
        >
          Add product
        </Button>
      </div>
    </fieldset>
  );
}

function StandaloneForm({ value, onChange }: { value: StandaloneDetails; onChange: (v: StandaloneDetails) => void }) {
  const field = (
    key: keyof StandaloneDetails,
    label: string,
    extra: { inputMode?: 'numeric' | 'decimal' | 'tel' } = {},
  ) => (
    <TextField
      label={label}
      value={value[key]}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      {...extra}
    />
  );
  return (
    <fieldset className="stack">
      <legend>The buyer and the parcel</legend>
      <div className="grid-2">
        {field('orderNumber', 'Order number')}
        {field('buyerName', 'Buyer name')}
        {field('buyerPhone', 'Buyer phone', { inputMode: 'tel' })}
        {field('buyerEmail', 'Buyer email (optional)')}
        {field('line1', 'Address line 1')}
        {field('line2', 'Address line 2 (optional)')}
        {field('pincode', 'Pincode', { inputMode: 'numeric' })}
        {field('deadWeightKg', 'Weight (kg)', { inputMode: 'decimal' })}
        {field('lengthCm', 'Length (cm)', { inputMode: 'decimal' })}
        {field('breadthCm', 'Breadth (cm)', { inputMode: 'decimal' })}
        {field('heightCm', 'Height (cm)', { inputMode: 'decimal' })}
      </div>
    </fieldset>
  );
}

export function InitiateReturnDialog({
  orderId,
  orderNumber,
  onClose,
  onCreated,
}: {
  /** null: a return of an order sold elsewhere */
  orderId: number | null;
  orderNumber?: string;
  onClose: () => void;
  onCreated: (r: CreatedReturn) => void;
}) {
  const [state, send] = useReturnInitiation(orderId);
  const [details, setDetails] = useState<StandaloneDetails>(EMPTY_DETAILS);
  const ctx = state.context;
  const setup = ctx.setup;
  const step =
    STEPS.find((s) => state.matches(s)) ?? (state.matches('creating') || state.matches('failed') ? 'review' : null);
  const reason = setup?.reasons.find((r) => r.code === ctx.reason);
  const draft = returnDraft(ctx);
  const title = orderId === null ? 'New return (order sold elsewhere)' : `Return for ${orderNumber ?? 'this order'}`;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description="The courier picks the parcel up from the buyer."
      wide
    >
      <div className="stack">
        {step && (
          <ol className="list-plain row small-print" aria-label="Steps">
            {STEPS.map((s, i) => (
              <li key={s} aria-current={s === step ? 'step' : undefined}>
                {s === step ? (
                  <strong>
                    {i + 1}. {STEP_TITLES[s]}
                  </strong>
                ) : (
                  `${i + 1}. ${STEP_TITLES[s]}`
                )}
              </li>
            ))}
          </ol>
        )}
        {state.matches('loading') && <Spinner label="Getting the order's items" />}
        {state.matches('loadFailed') && (
          <Alert>
            <span>{ctx.error}</span>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </Button>
          </Alert>
        )}
        {state.matches('items') && setup && (
          <fieldset className="stack">
            <legend>What comes back?</legend>
            {setup.items.length === 0 && <p className="muted">No products yet.</p>}
            {setup.items.map((i) => (
              <div key={i.key} className="row return-item">
                <TextField
                  label={`${i.name} (${i.sku}), up to ${i.ordered}`}
                  type="number"
                  min={0}
                  max={i.ordered}
                  value={String(ctx.quantities[i.key] ?? 0)}
                  onChange={(e) => send({ type: 'SET_QUANTITY', key: i.key, quantity: Number(e.target.value) })}
                />
                {orderId === null && (
                  <Button
                    variant="ghost"
                    onClick={() => send({ type: 'REMOVE_ITEM', key: i.key })}
                    aria-label={`Remove ${i.name}`}
                  >
                    Remove
                  </Button>
                )}
              </div>
            ))}
            {orderId === null && (
              <AddItemForm
                onAdd={(x) =>
                  send({
                    type: 'ADD_ITEM',
                    item: {
                      key: x.sku,
                      orderItemId: null,
                      sku: x.sku,
                      name: x.name,
                      ordered: x.qty,
                      unitPricePaise: paiseOf(x.price),
                    },
                  })
                }
              />
            )}
          </fieldset>
        )}
        {state.matches('reason') && setup && (
          <div className="stack">
            <SelectField
              label="Reason"
              value={ctx.reason ?? ''}
              placeholder="Choose a reason"
              options={setup.reasons.map((r) => ({ value: r.code, label: r.label }))}
              onChange={(e) => send({ type: 'CHOOSE_REASON', reason: e.target.value })}
            />
            {reason && reason.subReasons.length > 0 && (
              <SelectField
                label="What exactly?"
                value={ctx.subReason ?? ''}
                placeholder="Choose one"
                options={reason.subReasons.map((r) => ({ value: r.code, label: r.label }))}
                onChange={(e) => send({ type: 'CHOOSE_SUB_REASON', subReason: e.target.value })}
              />
            )}
            <TextField
              label="Comment (optional)"
              value={ctx.comment}
              maxLength={500}
              onChange={(e) => send({ type: 'SET_COMMENT', comment: e.target.value })}
            />
            <div className="field">
              <label htmlFor="return-photo">Photos (optional, up to {MAX_RETURN_PHOTOS})</label>
              <input
                id="return-photo"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                disabled={state.matches({ reason: 'uploading' }) || ctx.photos.length >= MAX_RETURN_PHOTOS}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) send({ type: 'ADD_PHOTO', file });
                  e.target.value = '';
                }}
              />
              {state.matches({ reason: 'uploading' }) && <Spinner label="Uploading the photo" />}
            </div>
            {ctx.photos.length > 0 && (
              <ul className="list-plain row">
                {ctx.photos.map((p, i) => (
                  <li key={p.fileId} className="row">
                    <img src={p.url} alt={`Photo ${i + 1}`} width={64} height={64} className="thumb" />
                    <Button
                      variant="ghost"
                      onClick={() => send({ type: 'REMOVE_PHOTO', fileId: p.fileId })}
                      aria-label={`Remove photo ${i + 1}`}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {state.matches('addresses') && setup && (
          <div className="stack">
            {setup.pickupLine ? (
              <p>
                <strong>Pickup from the buyer:</strong> {setup.pickupLine}
              </p>
            ) : (
              <StandaloneForm
                value={details}
                onChange={(v) => {
                  setDetails(v);
                  send({ type: 'SET_STANDALONE', details: v });
                }}
              />
            )}
            <SelectField
              label="Return to"
              value={ctx.returnTo ? `${ctx.returnTo.kind}:${ctx.returnTo.id}` : ''}
              placeholder="Choose a pickup address or warehouse"
              options={setup.returnToOptions.map((a) => ({ value: `${a.kind}:${a.id}`, label: a.label }))}
              onChange={(e) => {
                const [kind, id] = e.target.value.split(':');
                send({ type: 'CHOOSE_RETURN_TO', kind: kind as 'PICKUP_ADDRESS' | 'WAREHOUSE', id: Number(id) });
              }}
            />
          </div>
        )}
        {state.matches('qc') && setup && (
          <div className="stack">
            <Checkbox
              label="The courier checks the parcel at the door (charged with the pickup)"
              checked={ctx.qcEnabled}
              onChange={(e) => send({ type: 'SET_QC', enabled: e.target.checked })}
            />
            {ctx.qcEnabled && (
              <fieldset className="stack">
                <legend>What the courier checks</legend>
                {setup.qcChecks.map((c) => {
                  const chosen = ctx.qcChecks.find((x) => x.kind === c.kind);
                  return (
                    <div key={c.kind} className="stack">
                      <Checkbox
                        label={c.label}
                        checked={!!chosen}
                        onChange={() => send({ type: 'TOGGLE_CHECK', check: c.kind as QcCheckKind })}
                      />
                      {chosen && c.needsExpected && (
                        <TextField
                          label={`${c.label}: expected`}
                          value={chosen.expected}
                          maxLength={100}
                          onChange={(e) =>
                            send({ type: 'SET_EXPECTED', check: c.kind as QcCheckKind, expected: e.target.value })
                          }
                        />
                      )}
                    </div>
                  );
                })}
              </fieldset>
            )}
          </div>
        )}
        {step === 'review' && setup && (
          <div className="stack">
            <dl className="details">
              <dt>Items</dt>
              <dd>
                {chosenItems(setup.items, ctx.quantities)
                  .map((i) => `${i.name} × ${i.quantity}`)
                  .join(', ')}{' '}
                ({formatRupees(returnValuePaise(setup.items, ctx.quantities))})
              </dd>
              <dt>Reason</dt>
              <dd>
                {reason?.label}
                {ctx.subReason && `: ${reason?.subReasons.find((s) => s.code === ctx.subReason)?.label ?? ''}`}
              </dd>
              <dt>Return to</dt>
              <dd>
                {
                  setup.returnToOptions.find((a) => a.kind === draft.returnTo?.kind && a.id === draft.returnTo?.id)
                    ?.label
                }
              </dd>
              <dt>Quality check</dt>
              <dd>
                {draft.qc?.length
                  ? draft.qc
                      .map(
                        (c) =>
                          setup.qcChecks.find((x) => x.kind === c.kind)?.label + (c.expected ? ` (${c.expected})` : ''),
                      )
                      .join(', ')
                  : 'None'}
              </dd>
            </dl>
            <SelectField
              label="For the buyer"
              value={ctx.refundDecision}
              disabled={!state.matches('review')}
              options={REFUND_DECISION_CODES.map((c) => ({ value: c, label: REFUND_DECISIONS[c] }))}
              onChange={(e) =>
                send({ type: 'SET_REFUND', decision: e.target.value as (typeof REFUND_DECISION_CODES)[number] })
              }
            />
          </div>
        )}
        {ctx.problem && <Alert>{ctx.problem}</Alert>}
        {state.matches('failed') && (
          <Alert>
            <span>{ctx.error}</span>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </Button>
            <Button variant="ghost" onClick={() => send({ type: 'BACK' })}>
              Change it
            </Button>
          </Alert>
        )}
        {state.matches('created') && ctx.created && (
          <Alert tone="info">
            <span role="status">
              Return {ctx.created.returnNumber} created. Book its pickup from the return's page.
            </span>
            <Button onClick={() => onCreated(ctx.created!)}>Open the return</Button>
          </Alert>
        )}
        {step && !state.matches('failed') && (
          <div className="row dialog-actions">
            {step !== 'items' && (
              <Button variant="secondary" disabled={state.matches('creating')} onClick={() => send({ type: 'BACK' })}>
                Back
              </Button>
            )}
            {step === 'review' ? (
              <Button busy={state.matches('creating')} onClick={() => send({ type: 'SUBMIT' })}>
                Create return
              </Button>
            ) : (
              <Button disabled={state.matches({ reason: 'uploading' })} onClick={() => send({ type: 'NEXT' })}>
                Next
              </Button>
            )}
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
