import { remarksHint } from '../../../domain/remarks';
import {
  documentLabel,
  KYC_BUSINESS_TYPE_LABELS,
  KYC_RULES,
  KYC_STATUS_LABELS,
  panNameDiffersText,
  type KycBusinessType,
  type StaffKycView,
} from '../../../domain/kyc-contract';
import { formatDateTime } from '../../../domain/format';
import { useDocumentViewer } from '../../../services/use-document-viewer';
import { useStaffKycDecision } from '../../../services/use-staff-kyc-decision';
import { Alert, Badge, Button, Card, TextField } from '../../kit';
import { DocumentViewerDialog } from './document-viewer-dialog';
import { StaffDetailFrame, StaffDetailRoute, type StaffList } from './staff-detail';

// /dakiya/kyc/:applicationId: one seller's KYC with its checks, documents and audit; staff
// approve it, or send documents back with a remark on each (the staff-kyc-decision machine). A
// document opens inside the page (the document-viewer machine); a PAN naming someone else than
// the account holder is flagged.

const LIST: StaffList = { to: '/dakiya/kyc', label: 'KYC approvals' };

export function StaffKycScreen() {
  return (
    <StaffDetailRoute
      param="applicationId"
      what="KYC application"
      list={LIST}
      page={(id) => <ApplicationPage id={id} />}
    />
  );
}

const CHECKS = (a: StaffKycView): [string, string | null, boolean][] => [
  ['PAN', a.values.panNumber && `${a.values.panNumber} · ${a.panName ?? ''}`, a.panVerified],
  ...(a.required.checks.includes('SIGNATORY_PAN')
    ? ([
        [
          "Signatory's PAN",
          a.values.signatoryPanNumber && `${a.values.signatoryPanNumber} · ${a.signatoryPanName ?? ''}`,
          a.signatoryPanVerified,
        ],
      ] as [string, string | null, boolean][])
    : []),
  ['Aadhaar', a.values.aadharNumber && `${a.values.aadharNumber} · ${a.aadhaarName ?? ''}`, a.aadhaarVerified],
  ...(a.required.checks.includes('GSTIN')
    ? ([['GSTIN', a.values.gstNumber && `${a.values.gstNumber} · ${a.gstLegalName ?? ''}`, a.gstVerified]] as [
        string,
        string | null,
        boolean,
      ][])
    : []),
  ...(a.values.cinNumber ? ([['CIN', a.values.cinNumber, true]] as [string, string | null, boolean][]) : []),
  ...(a.values.llpinNumber ? ([['LLPIN', a.values.llpinNumber, true]] as [string, string | null, boolean][]) : []),
];

function ApplicationPage({ id }: { id: number }) {
  const [state, send] = useStaffKycDecision(id);
  const [viewer, sendViewer] = useDocumentViewer();
  const { application: a, remarks, note, error } = state.context;
  const reviewing = state.matches({ review: 'reviewing' });
  const busy = state.matches({ review: 'approving' }) || state.matches({ review: 'rejecting' });
  const deciding = reviewing || busy;
  return (
    <StaffDetailFrame
      list={LIST}
      crumb={<>KYC {id}</>}
      loading={state.matches('loading')}
      error={state.matches('loadFailed') ? error : null}
      onRetry={() => send({ type: 'RETRY' })}
    >
      {() =>
        a && (
          <div className="stack">
            <header className="page-head">
              <h1>KYC {id}</h1>
              <p className="row">
                <span>{a.companyName}</span>
                <span>
                  {a.values.accountType ? KYC_BUSINESS_TYPE_LABELS[a.values.accountType as KycBusinessType] : ''}
                </span>
                <Badge tone={a.status === 'APPROVED' ? 'success' : 'warning'}>{KYC_STATUS_LABELS[a.status]}</Badge>
              </p>
            </header>
            {a.panNameDiffers && <Alert tone="warning">{panNameDiffersText(a)}</Alert>}
            <div className="grid-2">
              <Card className="stack">
                <h2>Checks</h2>
                <p>Name: {a.values.profileName}</p>
                <p>Account holder: {a.accountHolderName ?? '—'}</p>
                <ul className="list-plain stack">
                  {CHECKS(a).map(([label, value, ok]) => (
                    <li key={label} className="row">
                      <Badge tone={ok ? 'success' : 'danger'}>{ok ? 'Verified' : 'Not verified'}</Badge>
                      <span>
                        {label}: {value ?? '—'}
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
              <Card className="stack">
                <h2>Audit</h2>
                <ol className="stack">
                  {a.decisions.map((d) => (
                    <li key={d.decisionId}>
                      {d.action === 'SUBMITTED' ? 'Submitted' : d.action === 'APPROVED' ? 'Approved' : 'Sent back'} by{' '}
                      {d.byName}, {formatDateTime(d.at)}
                      {d.note && <> · {d.note}</>}
                      {d.remarks.length > 0 && (
                        <ul>
                          {d.remarks.map((r) => (
                            <li key={r.document}>
                              {documentLabel(r.document, a.values.accountType as KycBusinessType)}: {r.remark}
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ol>
              </Card>
            </div>
            <Card className="stack">
              <h2>Documents</h2>
              <ul className="list-plain stack">
                {a.documents.map((d) => (
                  <li key={d.documentId} className="stack">
                    <p className="row">
                      <strong>{d.label}</strong>
                      <span className="muted">
                        {d.name} · {d.contentType === 'application/pdf' ? 'PDF' : 'image'} ·{' '}
                        {formatDateTime(d.uploadedAt)}
                      </span>
                      {d.status !== 'UPLOADED' && (
                        <Badge tone={d.status === 'ACCEPTED' ? 'success' : 'danger'}>
                          {d.status === 'ACCEPTED' ? 'Accepted' : 'Sent back'}
                        </Badge>
                      )}
                    </p>
                    <div className="row">
                      <Button
                        variant="secondary"
                        className="btn-small"
                        busy={viewer.matches('loading') && viewer.context.document?.url === d.url}
                        onClick={() =>
                          sendViewer({
                            type: 'OPEN',
                            document: { url: d.url, name: d.name, contentType: d.contentType, label: d.label },
                          })
                        }
                      >
                        View {d.label}
                      </Button>
                    </div>
                    {deciding && (
                      <TextField
                        label={`Remark on ${d.label}`}
                        hint={remarksHint('Only to send it back: what the seller must fix')}
                        value={remarks[d.kind] ?? ''}
                        maxLength={KYC_RULES.remarkMax}
                        onChange={(e) => send({ type: 'REMARK', document: d.kind, value: e.target.value })}
                      />
                    )}
                    {!deciding && d.remark && <Alert tone="warning">Remark: {d.remark}</Alert>}
                  </li>
                ))}
              </ul>
              <DocumentViewerDialog state={viewer} send={sendViewer} />
            </Card>
            {deciding && (
              <Card className="stack">
                <h2>Decision</h2>
                <TextField
                  label="Note to the seller (optional)"
                  value={note}
                  maxLength={KYC_RULES.noteMax}
                  onChange={(e) => send({ type: 'NOTE', value: e.target.value })}
                />
                {error && <Alert>{error}</Alert>}
                <div className="row">
                  <Button busy={busy} onClick={() => send({ type: 'APPROVE' })}>
                    Approve KYC
                  </Button>
                  <Button variant="danger" busy={busy} onClick={() => send({ type: 'REJECT' })}>
                    Send back documents
                  </Button>
                </div>
              </Card>
            )}
            {state.matches({ review: 'decided' }) && a.decidedAt && (
              <p className="muted">
                {KYC_STATUS_LABELS[a.status]} on {formatDateTime(a.decidedAt)}
                {a.decisionNote ? ` · ${a.decisionNote}` : ''}
              </p>
            )}
          </div>
        )
      }
    </StaffDetailFrame>
  );
}
