import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { API_ACCOUNT, type CompanyProfile } from '../../../domain/account-contract';
import { MSG } from '../../../domain/messages';
import { CompanyBody, ProfileBody } from '../../../domain/schemas/account';
import { issueText } from '../../../domain/schemas/labels';
import { notify } from '../../../services/notify';
import { sendFile } from '../../../services/call';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { useRequest } from '../../hooks/use-request';
import { Alert, Button, buttonClass, Card, DropZone, Loadable, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { mayUse } from '../../../domain/permissions';

// /profile: the login's name (spec section 5's rules), email and phone; the company's name,
// address, logo and signature (used on labels and invoices) and the GSTIN that KYC verified,
// read-only; links to change the password, the bank accounts and the settings.

/** Each field's first problem by the schema the server uses, in the same words. */
function problems(schema: v.GenericSchema, value: unknown): Record<string, string> {
  const result = v.safeParse(schema, value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) {
    const key = String(issue.path?.[0]?.key ?? '');
    out[key] ??= issueText(issue);
  }
  return out;
}

function NameCard() {
  const session = useScreenSession();
  const account = session.account;
  const [values, setValues] = useState({ firstName: account?.firstName ?? '', lastName: account?.lastName ?? '' });
  const [touched, setTouched] = useState(false);
  const errors = touched ? problems(ProfileBody, values) : {};
  const save = useOperation(API_ACCOUNT.profile, (body: { firstName: string; lastName: string }) => ({ body }), {
    onDone: () => {
      session.reloadAccount();
      notify({ kind: 'info', message: MSG.profileUpdated });
    },
  });
  return (
    <Card aria-labelledby="profile-name" className="stack">
      <h2 id="profile-name">Your details</h2>
      <form
        noValidate
        aria-label="Your name"
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (Object.keys(problems(ProfileBody, values)).length === 0) save.run(values);
        }}
      >
        <div className="grid-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            error={errors.firstName}
            onChange={(e) => setValues({ ...values, firstName: e.target.value })}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            error={errors.lastName}
            onChange={(e) => setValues({ ...values, lastName: e.target.value })}
          />
        </div>
        <dl className="details">
          <dt>Email</dt>
          <dd>{account?.email}</dd>
          <dt>Mobile</dt>
          <dd>{account?.phone ? `+91 ${account.phone}` : '—'}</dd>
        </dl>
        {save.error && <Alert>{save.error}</Alert>}
        <div className="row">
          <Button type="submit" busy={save.running}>
            Save name
          </Button>
          <Link className={buttonClass('secondary')} to="/change_password">
            Change password
          </Link>
        </div>
      </form>
    </Card>
  );
}

function CompanyCard({
  company,
  canEdit,
  onSaved,
}: {
  company: CompanyProfile;
  canEdit: boolean;
  onSaved: () => void;
}) {
  const http = useHttp();
  const [values, setValues] = useState({ companyName: company.companyName, addressLine1: company.addressLine1 ?? '' });
  const [touched, setTouched] = useState(false);
  const errors = touched ? problems(CompanyBody, values) : {};
  const save = useOperation(
    API_ACCOUNT.updateCompany,
    (body: { companyName: string; addressLine1: string }) => ({ body }),
    {
      onDone: () => {
        notify({ kind: 'info', message: 'Company profile updated' });
        onSaved();
      },
    },
  );
  const upload = useRequest(
    (p: { which: 'logo' | 'sign'; file: File }) =>
      sendFile(http, API_ACCOUNT.companyImage, { blob: p.file, name: p.file.name }, { params: { name: p.which } }),
    {
      onDone: () => {
        notify({ kind: 'info', message: 'Image uploaded' });
        onSaved();
      },
    },
  );
  return (
    <Card aria-labelledby="profile-company" className="stack">
      <h2 id="profile-company">Company profile</h2>
      <form
        noValidate
        aria-label="Company profile"
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (Object.keys(problems(CompanyBody, values)).length === 0) save.run(values);
        }}
      >
        <TextField
          label="Company name"
          name="companyName"
          value={values.companyName}
          error={errors.companyName}
          disabled={!canEdit}
          onChange={(e) => setValues({ ...values, companyName: e.target.value })}
        />
        <TextField
          label="Address"
          name="addressLine1"
          hint="Printed on your invoices"
          value={values.addressLine1}
          error={errors.addressLine1}
          disabled={!canEdit}
          onChange={(e) => setValues({ ...values, addressLine1: e.target.value })}
        />
        <dl className="details">
          <dt>GSTIN</dt>
          <dd>
            {company.gstin ?? (
              <>
                Not verified yet. <Link to="/kyc">Complete KYC</Link> to show your GSTIN on invoices.
              </>
            )}
          </dd>
        </dl>
        {save.error && <Alert>{save.error}</Alert>}
        {canEdit && (
          <div className="row">
            <Button type="submit" busy={save.running}>
              Save company
            </Button>
          </div>
        )}
      </form>
      {canEdit && (
        <div className="grid-2">
          {(['logo', 'sign'] as const).map((which) => {
            const url = which === 'logo' ? company.companyLogoUrl : company.companySignUrl;
            const label = which === 'logo' ? 'Company logo' : 'Signature';
            return (
              <div key={which} className="stack">
                {url && <img src={url} alt={`Current ${label.toLowerCase()}`} className="profile-image" />}
                <DropZone
                  label={`Upload ${label.toLowerCase()}`}
                  hint="PNG, JPEG or WEBP up to 1 MB; shown on your labels and invoices"
                  accept="image/png,image/jpeg,image/webp"
                  disabled={upload.running}
                  onFile={(file) => upload.run({ which, file })}
                />
              </div>
            );
          })}
        </div>
      )}
      {upload.error && <Alert>{upload.error}</Alert>}
    </Card>
  );
}

export function ProfileScreen() {
  const session = useScreenSession();
  const company = useOperation(API_ACCOUNT.company, {}, { load: true });
  // the same rule as the server's for POST account/company (setup.manage)
  const canEdit = !!session.account && mayUse(session.account.role, session.account.permissions, 'setup.manage');
  return (
    <SellerShell>
      <div className="page stack">
        <div className="page-head">
          <h1>Profile</h1>
          <p>
            Your details and your company’s. <Link to="/bank-accounts">Bank accounts</Link> ·{' '}
            <Link to="/settings">Settings</Link>
          </p>
        </div>
        {/* the form starts from the account as loaded (and as saved) */}
        {session.account && <NameCard key={`${session.account.firstName}|${session.account.lastName}`} />}
        <Loadable loading={company.loading && !company.data} error={company.error} onRetry={() => company.run()}>
          {() =>
            company.data && (
              <CompanyCard
                key={`${company.data.companyName}|${company.data.companyLogoUrl}|${company.data.companySignUrl}`}
                company={company.data}
                canEdit={canEdit}
                onSaved={() => company.run()}
              />
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}
