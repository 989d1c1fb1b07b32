import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { API_AUTH } from '../../../domain/auth-contract';
import { landingFor } from '../../../domain/constants';
import { MSG } from '../../../domain/messages';
import {
  changePasswordErrors,
  type ChangePasswordField,
  type ChangePasswordValues,
} from '../../../domain/schemas/change-password';
import { notify } from '../../../services/notify';
import { useScreenSession } from '../../../services/screen-services';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Card, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { StaffShell } from '../shell/staff-shell';

// /change_password and /dakiya/change_password. A temporary password (forgot-password) must be
// changed before anything else: the screen says so above the form.

const FIELDS: { field: ChangePasswordField; label: string; autoComplete: string; hint?: string }[] = [
  { field: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  {
    field: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    hint: '8 to 50 characters with a lowercase letter, an uppercase letter and a symbol',
  },
  { field: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
];

export function ChangePasswordScreen({ staff = false }: { staff?: boolean }) {
  const session = useScreenSession();
  const navigate = useNavigate();
  const [values, setValues] = useState<ChangePasswordValues>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<ChangePasswordField, boolean>>>({});
  const errors = changePasswordErrors(values);
  const change = useOperation(
    API_AUTH.updatePassword,
    (body: { currentPassword: string; newPassword: string }) => ({ body }),
    {
      onDone: ({ accessToken }) => {
        if (session.adoptAccessToken) session.adoptAccessToken(accessToken);
        else session.reloadAccount();
        notify({ kind: 'info', message: MSG.passwordChanged });
        navigate(landingFor(session.claims?.at ?? (staff ? 'DAKIYA' : 'SELLER')), { replace: true });
      },
    },
  );
  const mustChange = !!(session.account?.mustChangePassword || session.claims?.pcr);
  const Shell = staff ? StaffShell : SellerShell;

  return (
    <Shell>
      <div className="page page-narrow">
        <div className="page-head">
          <h1>Change password</h1>
        </div>
        {mustChange && <Alert tone="warning">{MSG.passwordChangeRequired}</Alert>}
        <Card>
          <form
            noValidate
            aria-label="Change password"
            onSubmit={(e) => {
              e.preventDefault();
              if (Object.keys(errors).length)
                setTouched({ currentPassword: true, newPassword: true, confirmPassword: true });
              else change.run({ currentPassword: values.currentPassword, newPassword: values.newPassword });
            }}
          >
            {change.failed && <Alert>{change.error}</Alert>}
            {FIELDS.map(({ field, label, autoComplete, hint }) => (
              <TextField
                key={field}
                label={label}
                type="password"
                name={field}
                autoComplete={autoComplete}
                hint={hint}
                strength={field === 'newPassword'}
                required
                value={values[field]}
                error={touched[field] ? errors[field] : null}
                onChange={(e) => setValues({ ...values, [field]: e.target.value })}
                onBlur={() => setTouched({ ...touched, [field]: true })}
              />
            ))}
            <Button type="submit" block busy={change.running}>
              Change password
            </Button>
          </form>
        </Card>
      </div>
    </Shell>
  );
}
