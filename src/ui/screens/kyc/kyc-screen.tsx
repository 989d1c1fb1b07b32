import { useSelector } from '@xstate/react';
import { Link, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import {
  documentLabel,
  isEntity,
  KYC_BUSINESS_TYPE_LABELS,
  KYC_BUSINESS_TYPES,
  KYC_RULES,
  KYC_STATUS_LABELS,
  KYC_STEP_LABELS,
  KYC_STEPS,
  type KycBusinessType,
  type KycStep,
  type KycDocumentKind,
  type KycView,
} from '../../../domain/kyc-contract';
import { formatDateTime, resendLabel } from '../../../domain/format';
import type { documentUploadMachine, KycCallName, KycEvent, KycField, KycForm } from '../../../machines/kyc.machine';
import type { otpTimerMachine } from '../../../machines/otp-timer.machine';
import { useDocumentDownload } from '../../../services/use-document-download';
import { useKyc } from '../../../services/use-kyc';
import { Alert, Badge, Button, Card, DropZone, Loadable, SelectField, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /kyc: the seller's KYC, step by step (the kyc machine): business, PAN, Aadhaar by OTP, GSTIN,
// CIN or LLPIN, documents, review; then waiting for staff, verified, or documents sent back.

type Send = (e: KycEvent) => void;
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf';

export function KycScreen() {
  const asked = useSearchParams()[0].get('step');
  const [state, send] = useKyc(KYC_STEPS.includes(asked as KycStep) ? (asked as KycStep) : null);
  const { view, error } = state.context;
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>KYC</h1>
          <p>Verify your business once to ship with Dakiya. Saved as you go: you can stop and come back.</p>
        </div>
        <Loadable
          loading={state.matches('loading')}
          error={state.matches('loadFailed') ? error : null}
          onRetry={() => send({ type: 'RETRY' })}
        >
          {() =>
            view && (
              <>
                <KycProgressBar view={view} />
                {state.matches('approved') && (
                  <Card className="stack">
                    <h2>Your KYC is verified</h2>
                    <p>You can ship orders and book return pickups.</p>
                    <p>
                      <Link to="/orders">Go to your orders</Link>
                    </p>
                  </Card>
                )}
                {state.matches('submitted') && (
                  <Card className="stack">
                    <h2>Waiting for review</h2>
                    <p>
                      Submitted {view.submittedAt && formatDateTime(view.submittedAt)}.{' '}
                      {view.reviewReason ? `Our team reviews it because ${view.reviewReason}.` : 'Our team reviews it.'}{' '}
                      They answer within one working day; you can ship once it is verified.
                    </p>
                    <div className="row">
                      <Button variant="secondary" onClick={() => send({ type: 'REFRESH' })}>
                        Check again
                      </Button>
                    </div>
                  </Card>
                )}
                {state.matches('editing') && <Editing state={state} send={send} />}
              </>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}

function KycProgressBar({ view }: { view: KycView }) {
  const value = view.progress.progress;
  return (
    <div className="stack">
      <p className="row">
        <Badge tone={view.status === 'APPROVED' ? 'success' : view.status === 'REJECTED' ? 'danger' : 'warning'}>
          {KYC_STATUS_LABELS[view.status]}
        </Badge>
        <span className="small-print">KYC progress: {value}%</span>
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label="KYC progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="progress-bar" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

type EditingState = ReturnType<typeof useKyc>[0];

function Editing({ state, send }: { state: EditingState; send: Send }) {
  const { view, step, form, error } = state.context;
  if (!view) return null;
  const busy = !state.matches({ editing: 'idle' });
  const steps = view.progress.steps;
  const field = (name: KycField) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => send({ type: 'FIELD', field: name, value: e.target.value }),
  });
  const call = (c: KycCallName) => send({ type: 'CALL', call: c });
  const type = (view.values.accountType as KycBusinessType | null) ?? null;
  const rejected = view.status === 'REJECTED';
  return (
    <div className="stack">
      {rejected && (
        <Alert tone="warning">
          Staff sent back{' '}
          {view.documents
            .filter((d) => d.status === 'REJECTED')
            .map((d) => d.label)
            .join(', ')}
          : upload again what is marked below, then submit.{view.decisionNote ? ` Note: ${view.decisionNote}` : ''}
        </Alert>
      )}
      <nav aria-label="KYC steps" className="row">
        {steps.map((s, i) => (
          <Button
            key={s}
            variant={s === step ? 'primary' : 'secondary'}
            className="btn-small"
            aria-current={s === step ? 'step' : undefined}
            onClick={() => send({ type: 'GO_TO', step: s })}
          >
            {i + 1}. {KYC_STEP_LABELS[s]}
            {view.progress.doneSteps.includes(s) ? ' ✓' : ''}
          </Button>
        ))}
      </nav>
      <Card className="stack">
        <h2>{KYC_STEP_LABELS[step]}</h2>
        {step === 'business' && (
          <form className="stack" aria-label="Business details" onSubmit={(e) => e.preventDefault()}>
            <SelectField
              label="Business type"
              placeholder="Choose"
              options={KYC_BUSINESS_TYPES.map((t) => ({ value: t, label: KYC_BUSINESS_TYPE_LABELS[t] }))}
              disabled={rejected}
              {...field('accountType')}
            />
            <TextField
              label={
                isEntity(form.accountType as KycBusinessType)
                  ? 'Business name (as on its PAN)'
                  : 'Name (as on your PAN)'
              }
              autoComplete="name"
              maxLength={KYC_RULES.profileNameMax}
              disabled={rejected}
              {...field('profileName')}
            />
            <Button busy={busy} disabled={rejected} onClick={() => call('values')}>
              Save and continue
            </Button>
          </form>
        )}
        {step === 'pan' && <PanStep view={view} form={form} field={field} busy={busy} call={call} />}
        {step === 'aadhaar' && (
          <AadhaarStep
            view={view}
            field={field}
            busy={busy}
            call={call}
            timer={state.children.aadhaarTimer as ActorRefFrom<typeof otpTimerMachine> | undefined}
          />
        )}
        {step === 'gst' && (
          <GstStep
            view={view}
            form={form}
            field={field}
            busy={busy}
            call={call}
            send={send}
            timer={state.children.gstTimer as ActorRefFrom<typeof otpTimerMachine> | undefined}
          />
        )}
        {step === 'registration' && (
          <form className="stack" aria-label="Registration details" onSubmit={(e) => e.preventDefault()}>
            {type === 'COMPANY' ? (
              <TextField label="CIN" hint="21 characters, for example U72900KA2015PTC012345" {...field('cinNumber')} />
            ) : (
              <TextField label="LLPIN" hint="For example AAB-1234" {...field('llpinNumber')} />
            )}
            <Button busy={busy} onClick={() => call('values')}>
              Save
            </Button>
          </form>
        )}
        {step === 'documents' && (
          <Documents
            view={view}
            busy={busy}
            send={send}
            uploading={state.context.upload?.kind ?? null}
            upload={state.children.documentUpload as ActorRefFrom<typeof documentUploadMachine> | undefined}
          />
        )}
        {step === 'review' && (
          <div className="stack">
            {view.progress.missing.length > 0 ? (
              <>
                <p>Still to do:</p>
                <ul>
                  {view.progress.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </>
            ) : (
              <p>Everything is ready. Staff verify your documents within one working day.</p>
            )}
            <Button busy={state.matches({ editing: 'submitting' })} onClick={() => send({ type: 'SUBMIT' })}>
              Submit for verification
            </Button>
          </div>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="row">
          {step !== steps[0] && (
            <Button variant="secondary" onClick={() => send({ type: 'BACK' })}>
              Back
            </Button>
          )}
          {step !== 'review' && view.progress.doneSteps.includes(step) && (
            <Button variant="secondary" onClick={() => send({ type: 'NEXT' })}>
              Next
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}

interface StepProps {
  view: KycView;
  field: (name: KycField) => { value: string; onChange: (e: { target: { value: string } }) => void };
  busy: boolean;
  call: (c: KycCallName) => void;
}

const Verified = ({ what, name }: { what: string; name: string | null }) => (
  <p className="row">
    <Badge tone="success">Verified</Badge>
    <span>
      {what}
      {name ? `: ${name}` : ''}
    </span>
  </p>
);

function PanStep({ view, form, field, busy, call }: StepProps & { form: KycForm }) {
  const entity = isEntity(view.values.accountType as KycBusinessType);
  return (
    <div className="stack">
      <form className="stack" aria-label="PAN details" onSubmit={(e) => e.preventDefault()}>
        {view.panVerified && <Verified what={entity ? "Business's PAN" : 'PAN'} name={view.panName} />}
        <TextField
          label={entity ? "Business's PAN" : 'PAN'}
          autoCapitalize="characters"
          maxLength={12}
          {...field('panNumber')}
        />
        <Button busy={busy} variant={view.panVerified ? 'secondary' : 'primary'} onClick={() => call('pan')}>
          Verify PAN
        </Button>
      </form>
      {entity && (
        <form className="stack" aria-label="Authorised signatory" onSubmit={(e) => e.preventDefault()}>
          <h3>Authorised signatory</h3>
          {view.signatoryPanVerified && <Verified what="Signatory's PAN" name={view.signatoryPanName} />}
          <TextField label="Authorised signatory's name" {...field('signatoryName')} />
          <TextField label="Authorised signatory's PAN" maxLength={12} {...field('signatoryPanNumber')} />
          <Button busy={busy} disabled={!form.signatoryName.trim()} onClick={() => call('signatoryPan')}>
            Verify signatory&apos;s PAN
          </Button>
        </form>
      )}
    </div>
  );
}

function OtpSend({
  timer,
  busy,
  onSend,
  label,
}: {
  timer: ActorRefFrom<typeof otpTimerMachine> | undefined;
  busy: boolean;
  onSend: () => void;
  label: string;
}) {
  const remaining = useSelector(timer, (s) => (s?.matches('locked') ? s.context.remaining : 0)) ?? 0;
  return (
    <Button busy={busy} disabled={remaining > 0} onClick={onSend}>
      {remaining > 0 ? resendLabel(remaining) : label}
    </Button>
  );
}

function AadhaarStep({
  view,
  field,
  busy,
  call,
  timer,
}: StepProps & { timer: ActorRefFrom<typeof otpTimerMachine> | undefined }) {
  const entity = isEntity(view.values.accountType as KycBusinessType);
  return (
    <form className="stack" aria-label="Aadhaar verification" onSubmit={(e) => e.preventDefault()}>
      <p className="muted">
        {entity ? "The authorised signatory's Aadhaar" : 'Your Aadhaar'}: we send an OTP to the mobile registered with
        it. Only the last four digits are kept.
      </p>
      {view.aadhaarVerified && <Verified what={view.values.aadharNumber ?? 'Aadhaar'} name={view.aadhaarName} />}
      {!view.aadhaarVerified && (
        <>
          <TextField
            label="Aadhaar number"
            inputMode="numeric"
            maxLength={14}
            autoComplete="off"
            {...field('aadharNumber')}
          />
          <OtpSend timer={timer} busy={busy} onSend={() => call('aadhaarOtp')} label="Send OTP" />
          {view.aadhaarOtpSentTo && (
            <>
              <p className="small-print">OTP sent to {view.aadhaarOtpSentTo}.</p>
              <TextField
                label="OTP"
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
                {...field('aadhaarOtp')}
              />
              <Button busy={busy} onClick={() => call('aadhaarSubmit')}>
                Verify OTP
              </Button>
            </>
          )}
        </>
      )}
    </form>
  );
}

function GstStep({
  view,
  form,
  field,
  busy,
  call,
  send,
  timer,
}: StepProps & { form: KycForm; send: Send; timer: ActorRefFrom<typeof otpTimerMachine> | undefined }) {
  const proprietor = view.values.accountType === 'PROPRIETORSHIP';
  const needed = view.required.checks.includes('GSTIN');
  return (
    <form className="stack" aria-label="GSTIN details" onSubmit={(e) => e.preventDefault()}>
      {proprietor && (
        <SelectField
          label="Registered for GST?"
          options={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          value={form.gstRegistered === false ? 'no' : 'yes'}
          onChange={(e) => {
            send({ type: 'GST_REGISTERED', value: e.target.value === 'yes' });
            send({ type: 'CALL', call: 'values' });
          }}
        />
      )}
      {!needed && <p>No GSTIN is needed: continue to your documents.</p>}
      {needed && (
        <>
          {view.gstVerified && <Verified what={view.values.gstNumber ?? 'GSTIN'} name={view.gstLegalName} />}
          <TextField label="GSTIN" maxLength={15} autoCapitalize="characters" {...field('gstNumber')} />
          <Button busy={busy} variant={view.gstVerified ? 'secondary' : 'primary'} onClick={() => call('gstVerify')}>
            Verify GSTIN
          </Button>
          {view.gstVerified && view.gstOtpRequired && !view.gstOtpConfirmed && (
            <>
              <p className="muted">Confirm the GSTIN with the OTP the GST portal sends to its registered mobile.</p>
              <OtpSend timer={timer} busy={busy} onSend={() => call('gstOtp')} label="Send OTP" />
              {view.gstOtpSentTo && (
                <>
                  <TextField label="GST OTP" inputMode="numeric" maxLength={6} {...field('gstOtp')} />
                  <Button busy={busy} onClick={() => call('gstSubmit')}>
                    Confirm GSTIN
                  </Button>
                </>
              )}
            </>
          )}
          {view.gstOtpConfirmed && <Badge tone="success">Confirmed by OTP</Badge>}
        </>
      )}
    </form>
  );
}

function Documents({
  view,
  busy,
  send,
  uploading,
  upload,
}: {
  view: KycView;
  busy: boolean;
  send: Send;
  uploading: KycDocumentKind | null;
  upload: ActorRefFrom<typeof documentUploadMachine> | undefined;
}) {
  const [download, sendDownload] = useDocumentDownload();
  const uploadError = useSelector(upload, (s) => s?.context.error ?? null);
  const type = view.values.accountType as KycBusinessType | null;
  return (
    <div className="stack">
      <p className="muted">
        JPEG, PNG or WebP photos, or PDF scans; each up to 5 MB. Only you and Dakiya staff can see them.
      </p>
      <ul className="list-plain stack">
        {view.required.documents.map((kind) => {
          const doc = view.documents.find((d) => d.kind === kind);
          const locked = view.status === 'REJECTED' && doc?.status !== 'REJECTED';
          return (
            <li key={kind} className="stack">
              <DropZone
                label={documentLabel(kind, type)}
                hint={
                  uploading === kind
                    ? 'Uploading…'
                    : doc
                      ? 'Choose another file to replace it'
                      : 'Drop the file here or choose it'
                }
                accept={ACCEPT}
                disabled={busy || locked}
                chosen={
                  doc &&
                  `${doc.name} · ${doc.status === 'ACCEPTED' ? 'accepted' : doc.status === 'REJECTED' ? 'sent back' : 'uploaded'}`
                }
                onFile={(file) =>
                  send({ type: 'CHOOSE_FILE', file: { name: file.name, size: file.size, kind, blob: file } })
                }
              />
              {doc?.status === 'REJECTED' && doc.remark && <Alert tone="warning">Staff: {doc.remark}</Alert>}
              {uploading === kind && uploadError && <Alert>{uploadError}</Alert>}
              {doc && (
                <div className="row">
                  <Button
                    variant="secondary"
                    className="btn-small"
                    busy={download.matches('downloading') && download.context.params?.url === doc.url}
                    onClick={() =>
                      sendDownload({ type: 'DOWNLOAD', kind: 'KYC_DOCUMENT', params: { url: doc.url, name: doc.name } })
                    }
                  >
                    View {documentLabel(kind, type)}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {download.context.error && <Alert>{download.context.error}</Alert>}
    </div>
  );
}
