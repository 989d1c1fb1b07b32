import { Link } from 'react-router-dom';
import { API_ACCOUNT, type CompanyProfile } from '../../../domain/account-contract';
import { MSG } from '../../../domain/messages';
import { CompanyBody, ProfileBody } from '../../../domain/schemas/account';
import { notify } from '../../../services/notify';
import { sendFile } from '../../../services/call';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { useForm } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { useRequest } from '../../hooks/use-request';
import { Alert, Button, buttonClass, Card, DropZone, Loadable, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { mayUse } from '../../../domain/permissions';

// /profile: the login's name (spec section 5's rules), email and phone; the company's name,
// address, logo and signature (used on labels and invoices) and the GSTIN that KYC verified,
// read-only; links to change the password, the bank accounts and the settings.

function NameCard() {
  const session = useScreenSession();
  const account = session.account;
  const form = useForm(ProfileBody, { firstName: account?.firstName ?? '', lastName: account?.lastName ?? '' });
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
          // the fields as typed go to the server, which trims them the same way
          if (form.parse())
            save.run({ firstName: String(form.values.firstName), lastName: String(form.values.lastName) });
        }}
      >
        <div className="grid-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" {...form.field('lastName')} />
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
  const form = useForm(CompanyBody, { companyName: company.companyName, addressLine1: company.addressLine1 ?? '' });
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
          if (form.parse())
            save.run({ companyName: String(form.values.companyName), addressLine1: String(form.values.addressLine1) });
        }}
      >
        <TextField label="Company name" name="companyName" {...form.field('companyName')} disabled={!canEdit} />
        <TextField
          label="Address"
          name="addressLine1"
          hint="Printed on your invoices"
          {...form.field('addressLine1')}
          disabled={!canEdit}
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
