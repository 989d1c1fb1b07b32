import { FORWARD_STATUSES } from '../../../domain/order-status';
import { REPORT_FORMATS, type ReportFilter } from '../../../domain/reports';
import type { ReportTypeRow } from '../../../domain/reports-contract';
import { fieldLabel } from '../../../domain/schemas/labels';
import { CARRIERS } from '../../../domain/shipping/carriers';
import type { ReportForm } from '../../../machines/report-request.machine';
import { SelectField } from '../../kit';

// The fields a report request and a schedule share: the report type, the format and the
// filters that type takes (a filter it does not take is not offered).

const FILTER_OPTIONS: Record<ReportFilter, { value: string; label: string }[]> = {
  status: Object.entries(FORWARD_STATUSES).map(([value, label]) => ({ value, label })),
  carrierCode: CARRIERS.map((c) => ({ value: c.code, label: c.name })),
  paymentMethod: [
    { value: 'PPD', label: 'Prepaid' },
    { value: 'COD', label: 'Cash on delivery' },
  ],
};

export type ReportChoice = Pick<ReportForm, 'reportType' | 'format' | 'status' | 'carrierCode' | 'paymentMethod'>;

export function ReportFormFields({
  types,
  value,
  onChange,
}: {
  types: ReportTypeRow[];
  value: ReportChoice;
  onChange: (next: ReportChoice) => void;
}) {
  const type = types.find((t) => t.type === value.reportType);
  // a new type keeps only the filters it takes
  const chooseType = (reportType: string) => {
    const takes = types.find((t) => t.type === reportType)?.filters ?? [];
    const kept = Object.fromEntries(takes.map((f) => [f, value[f]]));
    onChange({ reportType, format: value.format, ...kept });
  };
  return (
    <>
      <SelectField
        label={fieldLabel('reportType')}
        value={value.reportType}
        onChange={(e) => chooseType(e.target.value)}
        options={types.map((t) => ({ value: t.type, label: t.label }))}
      />
      <SelectField
        label={fieldLabel('format')}
        value={value.format}
        onChange={(e) => onChange({ ...value, format: e.target.value as ReportForm['format'] })}
        options={REPORT_FORMATS.map((f) => ({ value: f, label: f === 'CSV' ? 'CSV' : 'Excel (XLSX)' }))}
      />
      {type?.filters.map((f) => (
        <SelectField
          key={f}
          label={fieldLabel(f)}
          value={value[f] ?? ''}
          placeholder="All"
          onChange={(e) => onChange({ ...value, [f]: e.target.value })}
          options={FILTER_OPTIONS[f]}
        />
      ))}
    </>
  );
}
