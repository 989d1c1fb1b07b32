import { FREIGHT_PAYERS, RISK_BEARERS } from '../../../domain/b2b/order-facts';
import { API_B2B } from '../../../domain/b2b-contract';
import { paiseOf } from '../../../domain/money';
import { B2bQuoteBody, type B2bQuoteInput } from '../../../domain/schemas/b2b';
import { useForm, numberOrUndefined as num } from '../../hooks/use-form';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Card, Checkbox, SelectField, TextField } from '../../kit';
import { Breadcrumb } from '../../kit/breadcrumb';
import { SellerShell } from '../shell/seller-shell';
import { CarrierQuote } from './quote-table';

// /b2b/rate-calculator: a part-truck consignment priced by every freight carrier, line by line,
// from the pickup and delivery pincodes, one box size, the invoice value, payer and risk.

const START = {
  originPincode: '',
  destinationPincode: '',
  lengthCm: '',
  breadthCm: '',
  heightCm: '',
  weightKg: '',
  count: '1',
  invoiceValue: '',
  freightPayer: 'PAID',
  risk: 'OWNER',
  appointment: false,
};
const options = (o: Record<string, string>) => Object.entries(o).map(([value, label]) => ({ value, label }));

export function B2bRateCalculatorScreen() {
  const form = useForm(B2bQuoteBody, START);
  const quote = useOperation(API_B2B.quote, (body: B2bQuoteInput) => ({ body }));
  const v = form.values as typeof START;
  const submit = () => {
    const value = num(v.invoiceValue);
    const body = form.parse({
      originPincode: v.originPincode,
      destinationPincode: v.destinationPincode,
      boxes: [
        {
          lengthCm: num(v.lengthCm),
          breadthCm: num(v.breadthCm),
          heightCm: num(v.heightCm),
          weightKg: num(v.weightKg),
          count: num(v.count),
        },
      ],
      invoiceValuePaise: value === undefined || !Number.isFinite(value) ? value : paiseOf(value),
      freightPayer: v.freightPayer,
      risk: v.risk,
      appointment: v.appointment,
    });
    if (body) quote.run(body);
  };
  const e = form.errors;
  return (
    <SellerShell>
      <div className="page">
        <Breadcrumb to="/b2b/orders" label="B2B orders">
          B2B rate calculator
        </Breadcrumb>
        <h1>B2B rate calculator</h1>
        <form
          noValidate
          aria-label="B2B rate calculator"
          className="stack"
          onSubmit={(ev) => {
            ev.preventDefault();
            submit();
          }}
        >
          <Card className="stack">
            <div className="grid-2">
              <TextField label="Pickup pincode" inputMode="numeric" {...form.field('originPincode')} />
              <TextField label="Delivery pincode" inputMode="numeric" {...form.field('destinationPincode')} />
            </div>
            <div className="grid-3">
              <TextField label="Length (cm)" inputMode="decimal" {...form.field('lengthCm')} />
              <TextField label="Breadth (cm)" inputMode="decimal" {...form.field('breadthCm')} />
              <TextField label="Height (cm)" inputMode="decimal" {...form.field('heightCm')} />
              <TextField label="Weight of a box (kg)" inputMode="decimal" {...form.field('weightKg')} />
              <TextField label="Number of boxes" inputMode="numeric" {...form.field('count')} />
              <TextField
                label="Invoice value with GST (₹)"
                inputMode="decimal"
                {...form.field('invoiceValue')}
                error={e.invoiceValuePaise}
              />
            </div>
            {e.boxes && (
              <p className="field-error" role="alert">
                {e.boxes}
              </p>
            )}
            <div className="grid-2">
              <SelectField
                label="Freight paid by"
                value={v.freightPayer}
                onChange={(ev) => form.set('freightPayer', ev.target.value)}
                options={options(FREIGHT_PAYERS)}
              />
              <SelectField
                label="Risk"
                value={v.risk}
                onChange={(ev) => form.set('risk', ev.target.value)}
                options={options(RISK_BEARERS)}
              />
            </div>
            <Checkbox
              label="Delivery by appointment"
              checked={v.appointment}
              onChange={(ev) => form.set('appointment', ev.target.checked)}
            />
            <Button type="submit" busy={quote.running}>
              Get quotes
            </Button>
          </Card>
        </form>
        {quote.error && <Alert>{quote.error}</Alert>}
        {quote.data && (
          <Card className="stack" aria-live="polite">
            <h2>
              {quote.data.originZoneName} to {quote.data.destinationZoneName}
            </h2>
            {quote.data.quotes.map((q) => (
              <CarrierQuote key={q.carrierCode} q={q} />
            ))}
          </Card>
        )}
      </div>
    </SellerShell>
  );
}
