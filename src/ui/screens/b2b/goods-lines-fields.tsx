import { GOODS_LINES_MAX, GST_RATES, QUANTITY_UNITS } from '../../../domain/b2b/goods-lines';
import { goodsDraftTotalPaise, type GoodsLineDraft } from '../../../domain/b2b/order-draft';
import { formatRupees } from '../../../domain/format';
import { Button, SelectField, TextField } from '../../kit';

// An invoice's goods on the new B2B order form, line by line as its e-way bill lists them:
// goods, HSN code, quantity and unit, taxable value and GST rate, with what the lines come to.

const UNIT_OPTIONS = Object.entries(QUANTITY_UNITS).map(([value, label]) => ({ value, label: `${label} (${value})` }));
const RATE_OPTIONS = GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }));
const TEXT_FIELDS: [
  Exclude<keyof GoodsLineDraft, 'quantityUnit' | 'gstRate'>,
  string,
  'text' | 'numeric' | 'decimal',
][] = [
  ['goodsName', 'Goods', 'text'],
  ['hsnCode', 'HSN code', 'numeric'],
  ['quantity', 'Quantity', 'decimal'],
  ['taxableValue', 'Taxable value (₹)', 'decimal'],
];

interface Props {
  invoice: number;
  lines: GoodsLineDraft[];
  onSet: (line: number, field: keyof GoodsLineDraft, value: string) => void;
  onAdd: () => void;
  onRemove: (line: number) => void;
}

export function GoodsLinesFields({ invoice, lines, onSet, onAdd, onRemove }: Props) {
  const name = `invoice ${invoice + 1}`;
  return (
    <div className="stack">
      <h3>Goods of {name}</h3>
      {lines.map((l, i) => (
        <fieldset key={i} className="fieldset-plain">
          <legend>
            Goods line {i + 1} of {name}
          </legend>
          <div className="grid-3">
            {TEXT_FIELDS.map(([field, label, mode]) => (
              <TextField
                key={field}
                label={label}
                inputMode={mode}
                value={l[field]}
                onChange={(e) => onSet(i, field, e.target.value)}
              />
            ))}
            <SelectField
              label="Unit"
              value={l.quantityUnit}
              options={UNIT_OPTIONS}
              onChange={(e) => onSet(i, 'quantityUnit', e.target.value)}
            />
            <SelectField
              label="GST rate"
              value={l.gstRate}
              options={RATE_OPTIONS}
              onChange={(e) => onSet(i, 'gstRate', e.target.value)}
            />
          </div>
          <Button variant="ghost" onClick={() => onRemove(i)}>
            Remove goods line {i + 1} of {name}
          </Button>
        </fieldset>
      ))}
      <div className="row">
        {lines.length < GOODS_LINES_MAX && (
          <Button variant="secondary" onClick={onAdd}>
            Add a goods line to {name}
          </Button>
        )}
        <span className="small-print">Goods with GST {formatRupees(goodsDraftTotalPaise(lines))}</span>
      </div>
    </div>
  );
}
