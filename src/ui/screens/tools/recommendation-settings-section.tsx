import { formatDateTime } from '../../../domain/format';
import {
  MAX_FLOOR_PCT,
  MIN_FLOOR_PCT,
  RECOMMENDATION_RULE_LABELS,
  RECOMMENDATION_RULES,
  type RecommendationRule,
} from '../../../domain/shipping/courier-recommendation';
import { useRecommendationSettings } from '../../../services/use-recommendation-settings';
import { Alert, Button, Card, SelectField, Spinner, TextField } from '../../kit';

// Courier preferences, the recommendation section (Premium): the rule the ship dialog and
// auto-ship recommend a courier by, and the delivered % floor. Renders the settings machine.

export function RecommendationSettingsSection() {
  const [state, send] = useRecommendationSettings();
  const ctx = state.context;
  return (
    <Card className="stack">
      <section aria-labelledby="reco-head" className="stack">
        <h2 id="reco-head">Courier recommendation</h2>
        <p className="small-print">
          Each order’s couriers are weighed by how they have delivered on the platform to its pincode (or its district,
          state or zone when the pincode has few shipments), and by price, under the rule you pick.
        </p>
        {state.matches('loading') && <Spinner label="Reading your recommendation settings" />}
        {state.matches('loadFailed') && (
          <Alert>
            <span>{ctx.error}</span>
            <Button variant="secondary" onClick={() => send({ type: 'RETRY' })}>
              Try again
            </Button>
          </Alert>
        )}
        {(state.matches('editing') || state.matches('saving')) && (
          <>
            <SelectField
              label="Recommendation rule"
              value={ctx.rule}
              disabled={state.matches('saving')}
              onChange={(e) => send({ type: 'RULE', rule: e.target.value as RecommendationRule })}
              options={RECOMMENDATION_RULES.map((r) => ({ value: r, label: RECOMMENDATION_RULE_LABELS[r] }))}
            />
            <TextField
              label="Delivered % floor"
              type="number"
              inputMode="numeric"
              min={MIN_FLOOR_PCT}
              max={MAX_FLOOR_PCT}
              value={Number.isNaN(ctx.floorPct) ? '' : String(ctx.floorPct)}
              disabled={state.matches('saving')}
              hint={`A courier must have delivered at least this share here to be the cheapest pick (${MIN_FLOOR_PCT} to ${MAX_FLOOR_PCT}).`}
              onChange={(e) =>
                send({ type: 'FLOOR', floorPct: e.target.value === '' ? Number.NaN : Number(e.target.value) })
              }
            />
            {ctx.error && (
              <Alert>
                <span>{ctx.error}</span>
              </Alert>
            )}
            <p className="small-print">
              {ctx.outcomesAt
                ? `Delivery figures last worked out ${formatDateTime(ctx.outcomesAt)}.`
                : 'Delivery figures are worked out every few hours from shipments that have ended.'}
            </p>
            <Button busy={state.matches('saving')} onClick={() => send({ type: 'SAVE' })}>
              Save recommendation settings
            </Button>
          </>
        )}
      </section>
    </Card>
  );
}
