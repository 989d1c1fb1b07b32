import { useState } from 'react';
import { API_SETUP, type PackageTypeRow } from '../../../domain/setup-contract';
import { PackageTypeBody, type PackageTypeInput } from '../../../domain/schemas/setup';
import { typedVolumetricKg } from '../../../domain/weights';
import { call } from '../../../services/call';
import { notify } from '../../../services/notify';
import { useHttp, useScreenSession } from '../../../services/screen-services';
import { useListActions, useRowEditing } from '../../hooks/use-action';
import { useConfirmDelete } from '../../hooks/use-confirm-delete';
import { numberOrUndefined, useForm } from '../../hooks/use-form';
import { useRequest } from '../../hooks/use-request';
import { Badge, Button, Card, Checkbox, DimensionFields, FormDialog, RowActions, TextField } from '../../kit';
import { ListView, type ListColumn } from '../../lists/list-view';
import { SetupPage } from './setup-screen';

// /setup/package-types (spec section 3: packageName, packageType default Box, L, B, H, volWeight,
// status), with the account's smart package selection toggle.

const DIMENSION_KEYS = { length: 'packageLength', breadth: 'packageBreadth', height: 'packageHeight' } as const;

type Draft = {
  packageName: string;
  packageType: string;
  packageLength: string;
  packageBreadth: string;
  packageHeight: string;
};

function PackageDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: PackageTypeRow | 'new';
  onClose: () => void;
  onSaved: () => void;
}) {
  const http = useHttp();
  const [draft, setDraft] = useState<Draft>(
    editing === 'new'
      ? { packageName: '', packageType: 'Box', packageLength: '', packageBreadth: '', packageHeight: '' }
      : {
          packageName: editing.packageName,
          packageType: editing.packageType,
          packageLength: String(editing.packageLength),
          packageBreadth: String(editing.packageBreadth),
          packageHeight: String(editing.packageHeight),
        },
  );
  const form = useForm(PackageTypeBody, {});
  const save = useRequest(
    (body: PackageTypeInput) =>
      editing === 'new'
        ? call(http, API_SETUP.addPackageType, { body })
        : call(http, API_SETUP.editPackageType, { params: { packageTypeId: editing.packageTypeId }, body }),
    {
      onDone: () => {
        notify({ kind: 'info', message: editing === 'new' ? 'Package type added' : 'Package type saved' });
        onSaved();
      },
      onError: (message) => form.showServerError(message, ['packageName']),
    },
  );
  const update = (k: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [k]: value }));
    form.set(k, value);
  };
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement>) => update(k, e.target.value);
  const vol = typedVolumetricKg(draft.packageLength, draft.packageBreadth, draft.packageHeight);
  return (
    <FormDialog
      title={editing === 'new' ? 'Add package type' : 'Edit package type'}
      onClose={onClose}
      onSubmit={() => {
        const body = form.parse({
          ...draft,
          packageLength: numberOrUndefined(draft.packageLength),
          packageBreadth: numberOrUndefined(draft.packageBreadth),
          packageHeight: numberOrUndefined(draft.packageHeight),
        });
        if (body) save.run(body);
      }}
      error={form.failure(save.error)}
      saving={save.running}
      saveLabel="Save package type"
    >
      <TextField
        label="Package name"
        value={draft.packageName}
        onChange={set('packageName')}
        error={form.errors.packageName}
        hint="3 to 30 characters"
      />
      <TextField
        label="Package type"
        value={draft.packageType}
        onChange={set('packageType')}
        error={form.errors.packageType}
        hint="Box, Flyer, Envelope…"
      />
      <div className="grid-2">
        <DimensionFields
          value={{ length: draft.packageLength, breadth: draft.packageBreadth, height: draft.packageHeight }}
          errors={{
            length: form.errors.packageLength,
            breadth: form.errors.packageBreadth,
            height: form.errors.packageHeight,
          }}
          onChange={(d, value) => update(DIMENSION_KEYS[d], value)}
        />
      </div>
      <p className="small-print" aria-live="polite">
        Volumetric weight: {vol === null ? '—' : `${vol} kg`} (L × B × H ÷ 5000)
      </p>
    </FormDialog>
  );
}

function SmartPackageToggle() {
  const http = useHttp();
  const session = useScreenSession();
  const [enabled, setEnabled] = useState<boolean>(!!session.account?.smartPackageSelectionEnabled);
  const toggle = useRequest((on: boolean) => call(http, API_SETUP.smartPackage, { body: { activated: on } }), {
    onDone: (r) => {
      setEnabled(r.smartPackageSelectionEnabled);
      session.reloadAccount();
      notify({
        kind: 'info',
        message: r.smartPackageSelectionEnabled ? 'Smart package selection is on' : 'Smart package selection is off',
      });
    },
    onError: (message) => notify({ kind: 'error', message }),
  });
  return (
    <Card className="stack">
      <Checkbox
        label={
          <>
            <strong>Smart package selection</strong> — suggest the smallest active package that fits an order's items
          </>
        }
        checked={enabled}
        disabled={toggle.running}
        onChange={(e) => toggle.run(e.target.checked)}
      />
    </Card>
  );
}

export function PackageTypesScreen() {
  const http = useHttp();
  const actions = useListActions('packageTypes');
  const rows = useRowEditing<PackageTypeRow>(actions);
  const deletion = useConfirmDelete<PackageTypeRow>(actions, {
    title: 'Delete package type?',
    confirmLabel: 'Delete package type',
    describe: (r) => `${r.packageName} will be removed.`,
    remove: (r) => call(http, API_SETUP.deletePackageType, { params: { packageTypeId: r.packageTypeId } }),
    done: 'Package type deleted',
  });
  const columns: ListColumn<PackageTypeRow>[] = [
    { header: 'Package name', cell: (r) => r.packageName, sortKey: 'packageName' },
    { header: 'Type', cell: (r) => r.packageType },
    { header: 'Length (cm)', cell: (r) => r.packageLength },
    { header: 'Breadth (cm)', cell: (r) => r.packageBreadth },
    { header: 'Height (cm)', cell: (r) => r.packageHeight },
    { header: 'Vol. weight (kg)', cell: (r) => r.volWeight, sortKey: 'volWeight' },
    {
      header: 'Status',
      cell: (r) =>
        r.status === 'ACTIVE' ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Inactive</Badge>,
    },
    {
      header: 'Actions',
      cell: (r) => (
        <RowActions
          actions={[
            { label: 'Edit', name: `Edit ${r.packageName}`, onClick: () => rows.edit(r) },
            {
              label: r.status === 'ACTIVE' ? 'Disable' : 'Enable',
              name: `${r.status === 'ACTIVE' ? 'Disable' : 'Enable'} ${r.packageName}`,
              disabled: actions.busy,
              onClick: () =>
                actions.run(
                  () =>
                    call(http, API_SETUP.packageTypeStatus, {
                      body: {
                        packageTypeId: r.packageTypeId,
                        packageStatus: r.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE',
                      },
                    }),
                  r.status === 'ACTIVE' ? `${r.packageName} disabled` : `${r.packageName} enabled`,
                ),
            },
            { label: 'Delete', name: `Delete ${r.packageName}`, variant: 'ghost', onClick: () => deletion.ask(r) },
          ]}
        />
      ),
    },
  ];
  return (
    <SetupPage
      title="Package types"
      intro="The boxes and flyers you pack in. Couriers charge the higher of dead and volumetric weight."
      action={<Button onClick={() => rows.edit('new')}>Add package type</Button>}
    >
      <div className="stack">
        <SmartPackageToggle />
        <ListView
          caption="Package types"
          noun="package types"
          path={API_SETUP.packageTypes.path}
          columns={columns}
          rowKey={(r) => r.packageTypeId}
          sortBy="packageName"
          searchLabel="Search by package name"
          exportName="package-types"
          refreshOn={actions.area}
        />
      </div>
      {rows.editing && <PackageDialog editing={rows.editing} onClose={rows.close} onSaved={rows.saved} />}
      {deletion.dialog}
    </SetupPage>
  );
}
