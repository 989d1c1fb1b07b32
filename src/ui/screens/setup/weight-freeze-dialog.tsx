import { EVIDENCE_TYPES_ACCEPT, WEIGHT_RULES } from '../../../domain/weight-contract';
import type { ProductRow } from '../../../domain/setup-contract';
import { formatDateTime } from '../../../domain/format';
import { useWeightFreeze } from '../../../services/use-weight-freeze';
import { Alert, Badge, Button, Dialog, Loadable, TextField } from '../../kit';
import { uploadedPhotoUrl } from '../../../services/weight-photos';

// A product's weight freeze (Setup → Products → Weight freeze): its newest request and, while
// none waits, a new one: the weight and size with photos of the product on a scale and measured.
// The weight-freeze machine drives it.

const FIELDS = [
  ['weightKg', 'Weight (kg)'],
  ['lengthCm', 'Length (cm)'],
  ['breadthCm', 'Breadth (cm)'],
  ['heightCm', 'Height (cm)'],
] as const;

export function WeightFreezeDialog({ product, onClose }: { product: ProductRow; onClose: () => void }) {
  const [state, send] = useWeightFreeze(product.productId);
  const { freeze, draft, photos, pending, error } = state.context;
  const inForm = state.matches('form') || state.matches('uploadingPhoto') || state.matches('submitting');
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={`Weight freeze: ${product.productName}`}>
      <Loadable
        loading={state.matches('loading')}
        error={state.matches('loadFailed') ? error : null}
        onRetry={() => send({ type: 'RETRY' })}
      >
        {() => (
          <div className="stack">
            {freeze ? (
              <p>
                <Badge
                  tone={freeze.status === 'APPROVED' ? 'success' : freeze.status === 'REJECTED' ? 'danger' : 'warning'}
                >
                  {freeze.statusText}
                </Badge>{' '}
                {freeze.weightKg} kg · {freeze.lengthCm} × {freeze.breadthCm} × {freeze.heightCm} cm (charged{' '}
                {freeze.chargedKg} kg), asked {formatDateTime(freeze.requestedAt)}
                {freeze.staffNote ? ` · ${freeze.staffNote}` : ''}
              </p>
            ) : (
              <p className="muted">
                Not frozen. Once Dakiya approves a freeze, couriers&apos; weight claims on this product&apos;s parcels
                are not charged to you.
              </p>
            )}
            {!inForm && freeze?.status !== 'PENDING' && (
              <Button onClick={() => send({ type: 'REQUEST' })}>{freeze ? 'Ask again' : 'Freeze its weight'}</Button>
            )}
            {inForm && (
              <form
                className="stack"
                aria-label="Freeze the weight"
                onSubmit={(e) => {
                  e.preventDefault();
                  send({ type: 'SUBMIT' });
                }}
              >
                <div className="grid-2">
                  {FIELDS.map(([name, label]) => (
                    <TextField
                      key={name}
                      label={label}
                      inputMode="decimal"
                      value={draft[name]}
                      onChange={(e) => send({ type: 'FIELD', name, value: e.target.value })}
                    />
                  ))}
                </div>
                <label htmlFor="freeze-photo">
                  Photos on a scale and measured ({photos.length} of {WEIGHT_RULES.freezePhotosMax})
                </label>
                <input
                  id="freeze-photo"
                  type="file"
                  accept={EVIDENCE_TYPES_ACCEPT}
                  disabled={state.matches('uploadingPhoto') || photos.length >= WEIGHT_RULES.freezePhotosMax}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) send({ type: 'ADD_PHOTO', file });
                    e.target.value = '';
                  }}
                />
                {pending && <span className="small-print">Uploading {pending.name}…</span>}
                {photos.length > 0 && (
                  <ul className="list-plain evidence-list" aria-label="Photos">
                    {photos.map((p) => (
                      <li key={p.fileId} className="evidence-item">
                        <img src={uploadedPhotoUrl(p.fileId)} alt={p.name} width={48} height={48} />
                        <Button variant="ghost" onClick={() => send({ type: 'REMOVE_PHOTO', fileId: p.fileId })}>
                          Remove {p.name}
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                {error && <Alert>{error}</Alert>}
                <div className="row dialog-actions">
                  <Button type="submit" busy={state.matches('submitting')} disabled={state.matches('uploadingPhoto')}>
                    Ask for approval
                  </Button>
                  <Button variant="secondary" onClick={() => send({ type: 'CANCEL' })}>
                    Cancel
                  </Button>
                </div>
              </form>
            )}
            {!inForm && (
              <div className="row dialog-actions">
                <Button variant="secondary" onClick={onClose}>
                  Close
                </Button>
              </div>
            )}
          </div>
        )}
      </Loadable>
    </Dialog>
  );
}
