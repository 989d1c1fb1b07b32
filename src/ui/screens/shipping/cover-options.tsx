import { formatRupees, paiseOf } from '../../../domain/money';
import type { CourierQuote, CoverQuote } from '../../../domain/shipping-contract';
import { COVER_TEXT, delayProtectionPrice, INSURANCE_RATE_BPS } from '../../../domain/shipping/cover';
import { Checkbox } from '../../kit';
import './cover-options.css';

// The ship dialog's cover: insure the parcel at its declared value, and protect the freight against
// a late delivery. Each line says its price with GST; the sum says what the wallet pays in all for
// the chosen courier. It only renders the machine's choices and sends SET_INSURED / SET_DELAY_PROTECTION.

const RATE = `${(INSURANCE_RATE_BPS / 100).toFixed(2)}%`;

export function CoverOptions({
  cover,
  quote,
  insured,
  delayProtection,
  disabled,
  onInsured,
  onDelayProtection,
}: {
  cover: CoverQuote;
  /** the chosen courier's quote (the protection is priced on its freight); null before a choice */
  quote: CourierQuote | null;
  insured: boolean;
  delayProtection: boolean;
  disabled: boolean;
  onInsured: (on: boolean) => void;
  onDelayProtection: (on: boolean) => void;
}) {
  const protection = quote ? delayProtectionPrice(quote.freightPaise) : null;
  const premium = insured && cover.insurance ? cover.insurance.totalPaise : 0;
  const protectionPaise = delayProtection && protection ? protection.totalPaise : 0;
  return (
    <fieldset className="cover-options" aria-describedby="cover-total">
      <legend>Insurance and delay protection</legend>
      {cover.insurance ? (
        <div>
          <Checkbox
            label={
              <>
                {COVER_TEXT.insurance} for {formatRupees(cover.declaredValuePaise)}:{' '}
                <strong>{formatRupees(cover.insurance.totalPaise)}</strong>
              </>
            }
            checked={insured}
            disabled={disabled}
            onChange={(e) => onInsured(e.target.checked)}
          />
          <p className="small-print">
            {COVER_TEXT.insuranceHint(RATE)} (premium {formatRupees(cover.insurance.pricePaise)}, GST{' '}
            {formatRupees(cover.insurance.gstPaise)}).
            {cover.insuredByRule && cover.insureAboveRupees !== null && (
              <> {COVER_TEXT.insuredByRule(formatRupees(paiseOf(cover.insureAboveRupees)))}.</>
            )}
          </p>
        </div>
      ) : (
        <p className="small-print">{cover.insuranceRefusal}</p>
      )}
      {protection && (
        <div>
          <Checkbox
            label={
              <>
                {COVER_TEXT.delay}: <strong>{formatRupees(protection.totalPaise)}</strong>
              </>
            }
            checked={delayProtection}
            disabled={disabled}
            onChange={(e) => onDelayProtection(e.target.checked)}
          />
          <p className="small-print">{COVER_TEXT.delayHint}.</p>
        </div>
      )}
      {quote && (
        <p id="cover-total" className="cover-total" aria-live="polite">
          {premium > 0 && <>Insurance premium {formatRupees(premium)} · </>}
          {protectionPaise > 0 && <>Delay protection {formatRupees(protectionPaise)} · </>}
          You pay <strong>{formatRupees(quote.totalPaise + premium + protectionPaise)}</strong> with {quote.carrierName}
        </p>
      )}
    </fieldset>
  );
}
