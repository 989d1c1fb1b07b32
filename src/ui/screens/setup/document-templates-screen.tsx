import type { DocumentTemplatesView } from '../../../domain/document-templates-contract';
import { labelsPerPage } from '../../../domain/documents/template-rules';
import {
  CUSTOM_MESSAGE_MAX,
  DOCUMENT_KIND_NAMES,
  DOCUMENT_KINDS,
  LABEL_PAGE_LAYOUT_NAMES,
  LABEL_PAGE_LAYOUTS,
  RETURN_ADDRESS_SOURCE_NAMES,
  RETURN_ADDRESS_SOURCES,
  TERMS_NOTE_MAX,
  type DocumentKind,
  type InvoiceTemplate,
  type LabelTemplate,
  type PodTemplate,
} from '../../../domain/documents/template-settings';
import { FIELD_LABELS } from '../../../domain/schemas/labels';
import { useDocumentTemplates } from '../../../services/use-document-templates';
import { Alert, Button, Card, Checkbox, Loadable, SelectField, Tabs, TextField } from '../../kit';
import { SetupPage } from './setup-screen';

// /setup/document-templates: how the seller's labels, invoices and proof-of-delivery slips look,
// with a preview of the real document drawn by the server from the settings as they stand.

type Change = (patch: Record<string, unknown>) => void;

function BrandColourField({ value, view, onChange }: { value: string; view: DocumentTemplatesView; onChange: Change }) {
  return (
    <TextField
      label={FIELD_LABELS.brandColour}
      type="color"
      value={value}
      onChange={(e) => onChange({ brandColour: e.target.value })}
      hint={
        view.brandColourApplies
          ? 'Used for the band and headings of the document'
          : 'Your plan prints the standard colour; your own colour comes with custom branding (Pro)'
      }
    />
  );
}

function MessageField({ value, onChange }: { value: string; onChange: Change }) {
  return (
    <TextField
      label={FIELD_LABELS.customMessage}
      value={value}
      maxLength={CUSTOM_MESSAGE_MAX}
      onChange={(e) => onChange({ customMessage: e.target.value })}
      hint={`Up to ${CUSTOM_MESSAGE_MAX} characters, e.g. a thank-you note`}
    />
  );
}

function LabelForm({ t, view, onChange }: { t: LabelTemplate; view: DocumentTemplatesView; onChange: Change }) {
  return (
    <div className="stack">
      <SelectField
        label={FIELD_LABELS.pageLayout}
        value={t.pageLayout}
        options={LABEL_PAGE_LAYOUTS.map((l) => ({ value: l, label: LABEL_PAGE_LAYOUT_NAMES[l] }))}
        onChange={(e) => onChange({ pageLayout: e.target.value })}
      />
      <Checkbox
        label="Show product names and SKUs"
        checked={t.showProductDetails}
        onChange={(e) => onChange({ showProductDetails: e.target.checked })}
      />
      <Checkbox
        label={`Show item images (${view.productsWithImages} product${view.productsWithImages === 1 ? '' : 's'} with an image)`}
        checked={t.showItemImages}
        disabled={!t.showProductDetails}
        onChange={(e) => onChange({ showItemImages: e.target.checked })}
      />
      <BrandColourField value={t.brandColour} view={view} onChange={onChange} />
      <MessageField value={t.customMessage} onChange={onChange} />
      <SelectField
        label={FIELD_LABELS.returnAddress}
        value={t.returnAddress}
        options={RETURN_ADDRESS_SOURCES.map((s) => ({ value: s, label: RETURN_ADDRESS_SOURCE_NAMES[s] }))}
        onChange={(e) => onChange({ returnAddress: e.target.value })}
      />
      {t.returnAddress === 'PICKUP_ADDRESS' && (
        <SelectField
          label={FIELD_LABELS.returnPickupAddressId}
          value={t.returnPickupAddressId === null ? '' : String(t.returnPickupAddressId)}
          placeholder="Choose an address"
          options={view.pickupAddresses.map((a) => ({ value: String(a.addressId), label: `${a.name}, ${a.city}` }))}
          onChange={(e) => onChange({ returnPickupAddressId: e.target.value ? Number(e.target.value) : null })}
        />
      )}
      {t.returnAddress === 'RTO' && (
        <div className="grid-2">
          {(['rtoName', 'rtoPhone', 'rtoLine1', 'rtoLine2', 'rtoCity', 'rtoState', 'rtoPincode'] as const).map((f) => (
            <TextField
              key={f}
              label={FIELD_LABELS[f]}
              value={t[f]}
              inputMode={f === 'rtoPhone' || f === 'rtoPincode' ? 'numeric' : undefined}
              prefix={f === 'rtoPhone' ? '+91' : undefined}
              onChange={(e) => onChange({ [f]: e.target.value })}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function InvoiceForm({ t, view, onChange }: { t: InvoiceTemplate; view: DocumentTemplatesView; onChange: Change }) {
  return (
    <div className="stack">
      <Checkbox
        label={view.hasLogo ? 'Print your logo' : 'Print your logo (upload one in your company profile)'}
        checked={t.showLogo}
        onChange={(e) => onChange({ showLogo: e.target.checked })}
      />
      <Checkbox
        label={view.hasSignature ? 'Print your signature' : 'Print your signature (upload one in your company profile)'}
        checked={t.showSignature}
        onChange={(e) => onChange({ showSignature: e.target.checked })}
      />
      <Checkbox
        label="Show item images"
        checked={t.showItemImages}
        onChange={(e) => onChange({ showItemImages: e.target.checked })}
      />
      <BrandColourField value={t.brandColour} view={view} onChange={onChange} />
      <MessageField value={t.customMessage} onChange={onChange} />
      <TextField
        label={FIELD_LABELS.termsNote}
        value={t.termsNote}
        maxLength={TERMS_NOTE_MAX}
        onChange={(e) => onChange({ termsNote: e.target.value })}
        hint="Printed at the foot of every invoice, e.g. your return policy"
      />
    </div>
  );
}

function PodForm({ t, view, onChange }: { t: PodTemplate; view: DocumentTemplatesView; onChange: Change }) {
  return (
    <div className="stack">
      <Checkbox
        label="Print your logo"
        checked={t.showLogo}
        onChange={(e) => onChange({ showLogo: e.target.checked })}
      />
      <Checkbox
        label="List the items delivered"
        checked={t.showItemList}
        onChange={(e) => onChange({ showItemList: e.target.checked })}
      />
      <BrandColourField value={t.brandColour} view={view} onChange={onChange} />
      <MessageField value={t.customMessage} onChange={onChange} />
    </div>
  );
}

export function DocumentTemplatesScreen() {
  const [state, send] = useDocumentTemplates();
  const { view, drafts, kind, previewUrl, problem, error, saved } = state.context;
  const change: Change = (patch) => send({ type: 'CHANGE', patch });
  const drawing = state.matches({ ready: 'waiting' }) || state.matches({ ready: 'previewing' });
  return (
    <SetupPage
      title="Document templates"
      intro="Choose how your shipping labels, tax invoices and proof-of-delivery slips look. The preview is the real document drawn with your settings."
    >
      <Loadable
        loading={state.matches('loading')}
        error={state.matches('loadFailed') ? error : null}
        onRetry={() => send({ type: 'RETRY' })}
      >
        {() =>
          view &&
          drafts && (
            <Tabs.Root value={kind} onValueChange={(k) => send({ type: 'SELECT_KIND', kind: k as DocumentKind })}>
              <Tabs.List aria-label="Document">
                {DOCUMENT_KINDS.map((k) => (
                  <Tabs.Trigger key={k} value={k}>
                    {DOCUMENT_KIND_NAMES[k]}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              {DOCUMENT_KINDS.map((k) => (
                <Tabs.Content key={k} value={k}>
                  {k === kind && (
                    <div className="brand-editor document-editor">
                      <Card>
                        <form
                          className="stack"
                          onSubmit={(e) => {
                            e.preventDefault();
                            send({ type: 'SAVE' });
                          }}
                        >
                          {kind === 'LABEL' && <LabelForm t={drafts.LABEL} view={view} onChange={change} />}
                          {kind === 'INVOICE' && <InvoiceForm t={drafts.INVOICE} view={view} onChange={change} />}
                          {kind === 'POD' && <PodForm t={drafts.POD} view={view} onChange={change} />}
                          {problem && <Alert>{problem}</Alert>}
                          {error && !state.matches('loadFailed') && <Alert>{error}</Alert>}
                          <div className="row">
                            <Button type="submit" busy={state.matches('saving')}>
                              Save {DOCUMENT_KIND_NAMES[kind].toLowerCase()} template
                            </Button>
                            {saved && (
                              <span role="status" className="muted">
                                Saved
                              </span>
                            )}
                          </div>
                        </form>
                      </Card>
                      <section className="document-preview" aria-label="Preview">
                        <h2>Preview</h2>
                        {kind === 'LABEL' && (
                          <p className="muted" data-testid="preview-summary">
                            {labelsPerPage(drafts.LABEL.pageLayout) === 4
                              ? 'A4 sheet: four labels a page'
                              : '4x6 inch label: one a page'}
                          </p>
                        )}
                        {state.matches({ ready: 'noPreview' }) ? (
                          <p className="muted">
                            The proof of delivery is drawn when a parcel is delivered, with these settings.
                          </p>
                        ) : state.matches({ ready: 'invalid' }) ? (
                          <p className="muted">Correct the settings to see the preview.</p>
                        ) : state.matches({ ready: 'previewFailed' }) ? (
                          <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
                            Draw the preview again
                          </Button>
                        ) : (
                          previewUrl && (
                            <img
                              className="document-preview-image"
                              src={previewUrl}
                              alt={`${DOCUMENT_KIND_NAMES[kind]} preview, drawn from your settings`}
                              aria-busy={drawing}
                            />
                          )
                        )}
                      </section>
                    </div>
                  )}
                </Tabs.Content>
              ))}
            </Tabs.Root>
          )
        }
      </Loadable>
    </SetupPage>
  );
}
