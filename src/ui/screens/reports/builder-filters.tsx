import { useState } from 'react';
import {
  FILTER_OP_TEXT,
  displayValue,
  isDateKind,
  isNumericKind,
  opsFor,
  type DatasetField,
  type FilterOp,
  type ReportFilterRule,
} from '../../../domain/custom-reports';
import type { DatasetRow } from '../../../domain/custom-reports-contract';
import { Button, SelectField, TextField } from '../../kit';
import { cellText } from './builder-cells';

// The builder's filters: the ones set (each removable) and a row to add one. Each field offers
// the comparisons that fit it: a choice of its values, a range of amounts or days, or text.

export function ruleText(field: DatasetField | undefined, rule: ReportFilterRule): string {
  if (!field) return '';
  const show = (x: string) =>
    isNumericKind(field.kind) || isDateKind(field.kind)
      ? cellText(isDateKind(field.kind) ? 'date' : field.kind, x)
      : displayValue(field, x);
  const values =
    rule.op === 'between' ? `${show(rule.values[0])} and ${show(rule.values[1])}` : rule.values.map(show).join(', ');
  return `${field.label} ${FILTER_OP_TEXT[rule.op]} ${values}`;
}

export function BuilderFilters({
  dataset,
  filters,
  disabled,
  onAdd,
  onRemove,
}: {
  dataset: DatasetRow;
  filters: ReportFilterRule[];
  disabled?: boolean;
  onAdd: (rule: ReportFilterRule) => void;
  onRemove: (index: number) => void;
}) {
  const fields = dataset.fields as DatasetField[];
  const [fieldKey, setFieldKey] = useState(fields[0]?.key ?? '');
  const field = fields.find((x) => x.key === fieldKey) ?? fields[0];
  const ops = field ? opsFor(field) : [];
  const [opChoice, setOp] = useState<FilterOp>(ops[0] ?? 'eq');
  const op = ops.includes(opChoice) ? opChoice : ops[0];
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);

  const values = (): string[] => {
    if (op === 'between') return [first, second];
    if (op === 'in' && field?.options) return chosen;
    if (op === 'in')
      return first
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    return [first];
  };
  const add = () => {
    onAdd({ field: field.key, op, values: values() });
    setFirst('');
    setSecond('');
    setChosen([]);
  };
  const inputType = field && isDateKind(field.kind) ? 'date' : field && isNumericKind(field.kind) ? 'number' : 'text';

  return (
    <fieldset className="stack builder-box" disabled={disabled}>
      <legend>Filters</legend>
      {filters.length ? (
        <ul className="builder-chips" aria-label="Filters set">
          {filters.map((rule, i) => (
            <li key={`${rule.field}-${i}`} className="builder-chip">
              <span>
                {ruleText(
                  fields.find((x) => x.key === rule.field),
                  rule,
                )}
              </span>
              <Button
                variant="ghost"
                aria-label={`Remove the filter ${ruleText(
                  fields.find((x) => x.key === rule.field),
                  rule,
                )}`}
                onClick={() => onRemove(i)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="small-print">No filters: every row of the period.</p>
      )}
      <div className="builder-filter-row">
        <SelectField
          label="Filter on"
          value={field?.key ?? ''}
          options={fields.map((x) => ({ value: x.key, label: x.label }))}
          onChange={(e) => {
            setFieldKey(e.target.value);
            setChosen([]);
            setFirst('');
            setSecond('');
          }}
        />
        <SelectField
          label="Comparison"
          value={op}
          options={ops.map((o) => ({ value: o, label: FILTER_OP_TEXT[o] }))}
          onChange={(e) => setOp(e.target.value as FilterOp)}
        />
        {field?.options ? (
          op === 'in' ? (
            <div className="field">
              <label htmlFor="builder-filter-values">Values</label>
              <select
                id="builder-filter-values"
                className="select"
                multiple
                size={4}
                value={chosen}
                onChange={(e) => setChosen([...e.target.selectedOptions].map((o) => o.value))}
              >
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <SelectField
              label="Value"
              value={first}
              placeholder="Choose"
              options={field.options.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(e) => setFirst(e.target.value)}
            />
          )
        ) : op === 'between' ? (
          <>
            <TextField label="From" type={inputType} value={first} onChange={(e) => setFirst(e.target.value)} />
            <TextField label="To" type={inputType} value={second} onChange={(e) => setSecond(e.target.value)} />
          </>
        ) : (
          <TextField
            label={op === 'in' ? 'Values (separated by commas)' : 'Value'}
            type={op === 'in' ? 'text' : inputType}
            value={first}
            onChange={(e) => setFirst(e.target.value)}
          />
        )}
        <Button variant="secondary" onClick={add}>
          Add filter
        </Button>
      </div>
    </fieldset>
  );
}
