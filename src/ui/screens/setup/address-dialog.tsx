import type { PickupAddressRow } from '../../../domain/setup-contract';
import { PickupAddressBody, type PickupAddressInput } from '../../../domain/schemas/setup';
import { API_SETUP } from '../../../domain/setup-contract';
import { call } from '../../../services/call';
import { notify } from '../../../services/notify';
import { useHttp } from '../../../services/screen-services';
import { useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { FormDialog, TextField } from '../../kit';
import { PincodeField } from './pincode-field';

// Add or edit a pickup address. A changed phone number has to be verified again.

const EMPTY = { entityName: '', phoneNumber: '', email: '', addressLine1: '', addressLine2: '', pincode: '' };

export function AddressDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: PickupAddressRow | 'new';
  onClose: () => void;
  onSaved: (row: PickupAddressRow) => void;
}) {
  const http = useHttp();
  const form = useForm(PickupAddressBody, editing === 'new' ? EMPTY : { ...EMPTY, ...editing });
  const save = useRequest(
    (body: PickupAddressInput) =>
      editing === 'new'
        ? call(http, API_SETUP.addAddress, { body })
        : call(http, API_SETUP.editAddress, { params: { addressId: editing.addressId }, body }),
    {
      onDone: (row) => {
        notify({
          kind: 'info',
          message:
            editing === 'new' ? 'Pickup address added. Verify its phone to ship from it' : 'Pickup address saved',
        });
        onSaved(row);
      },
      onError: (message) => form.showServerError(message, ['pincode', 'phoneNumber', 'email', 'entityName']),
    },
  );
  const v = form.values as typeof EMPTY;
  return (
    <FormDialog
      title={editing === 'new' ? 'Add pickup address' : 'Edit pickup address'}
      wide
      onClose={onClose}
      onSubmit={form.submitTo(save.run)}
      error={form.failure(save.error)}
      saving={save.running}
      saveLabel="Save address"
    >
      <div className="grid-2">
        <TextField label="Name at this address" autoComplete="organization" {...form.field('entityName')} />
        <TextField
          label="Phone number"
          prefix="+91"
          inputMode="tel"
          autoComplete="tel-national"
          {...form.field('phoneNumber')}
        />
        <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
        <PincodeField value={v.pincode} onChange={(p) => form.set('pincode', p)} error={form.errors.pincode} />
        <TextField label="Address line 1" autoComplete="address-line1" {...form.field('addressLine1')} />
        <TextField label="Address line 2 (optional)" autoComplete="address-line2" {...form.field('addressLine2')} />
      </div>
    </FormDialog>
  );
}
