import { useEffect, useState } from 'react';
import { API_SHIPPING } from '../../../domain/shipping-contract';
import { AUTO_SHIP_RULES, type AutoShipRule } from '../../../domain/schemas/shipping';
import { CARRIERS, carrierTitle, type CarrierCode } from '../../../domain/shipping/carriers';
import { notify } from '../../../services/notify';
import { useScreenSession } from '../../../services/screen-services';
import { planAllowsFeature, sessionPlan } from '../../../domain/plans';
import { RecommendationSettingsSection } from './recommendation-settings-section';
import { InsureAboveField } from './insure-above-field';
import { useOperation } from '../../hooks/use-operation';
import { Alert, Button, Card, Checkbox, Loadable, SelectField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';

// /tools/courier-preferences (tools: carrier priority and auto-ship presets): the rule auto-ship
// follows, and the couriers the seller prefers, in order. The priority list ranks ahead of the
// platform's default ranking on Pro and Premium (priority carrier selection); on other plans the
// page says auto-ship uses the default ranking. Premium also sets its recommendation rule here.

const RULE_LABELS: Record<AutoShipRule, string> = {
  CHEAPEST: 'Cheapest courier',
  FASTEST: 'Fastest courier',
  PRIORITY: 'My courier priority list',
  RECOMMENDED: 'The recommended courier (Premium)',
};
const PARCEL_CARRIERS = CARRIERS.filter((c) => !c.b2b);

export function CourierPreferencesScreen() {
  const session = useScreenSession();
  const plan = sessionPlan(session) ?? 'LITE';
  const priorityHonoured = planAllowsFeature(plan, 'priorityCarrierSelection');
  const recommends = planAllowsFeature(plan, 'carrierRecommendation');
  const prefs = useOperation(API_SHIPPING.preferences, {}, { load: true });
  const [rule, setRule] = useState<AutoShipRule>('CHEAPEST');
  const [priority, setPriority] = useState<string[]>([]);
  /** whole rupees as typed; '' insures only when chosen */
  const [insureAbove, setInsureAbove] = useState('');
  useEffect(() => {
    if (!prefs.data) return;
    setRule(prefs.data.autoShipRule);
    setPriority(prefs.data.carrierPriority);
    setInsureAbove(prefs.data.insureAboveRupees == null ? '' : String(prefs.data.insureAboveRupees));
  }, [prefs.data]);
  const save = useOperation(
    API_SHIPPING.savePreferences,
    // the codes the saved list answered or the page offered (CARRIERS)
    () => ({
      body: {
        autoShipRule: rule,
        carrierPriority: priority as CarrierCode[],
        insureAboveRupees: insureAbove === '' ? null : Number(insureAbove),
      },
    }),
    {
      onDone: () => notify({ kind: 'info', message: 'Courier preferences saved' }),
      onError: (message) => notify({ kind: 'error', message }),
    },
  );
  const move = (code: string, by: -1 | 1) =>
    setPriority((list) => {
      const i = list.indexOf(code);
      const j = i + by;
      if (i < 0 || j < 0 || j >= list.length) return list;
      const next = [...list];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });
  const toggle = (code: string, on: boolean) =>
    setPriority((list) => (on ? [...list.filter((c) => c !== code), code] : list.filter((c) => c !== code)));
  const name = (code: string) => PARCEL_CARRIERS.find((c) => c.code === code)?.name ?? code;
  return (
    <SellerShell>
      <div className="page stack">
        <header className="page-head">
          <h1>Courier preferences</h1>
          <p>How auto-ship picks a courier for your orders, and the couriers you prefer, first choice first.</p>
        </header>
        <Loadable loading={prefs.loading} error={prefs.error} onRetry={prefs.retry}>
          {() => (
            <Card className="stack">
              <SelectField
                label="Auto-ship rule"
                value={rule}
                onChange={(e) => setRule(e.target.value as AutoShipRule)}
                options={AUTO_SHIP_RULES.map((r) => ({ value: r, label: RULE_LABELS[r] }))}
              />
              <fieldset className="stack">
                <legend>Couriers you use</legend>
                {PARCEL_CARRIERS.map((c) => (
                  <Checkbox
                    key={c.code}
                    label={carrierTitle(c.name, c.mode)}
                    checked={priority.includes(c.code)}
                    onChange={(e) => toggle(c.code, e.target.checked)}
                  />
                ))}
              </fieldset>
              <section aria-label="Priority order">
                <h2>Priority</h2>
                {priorityHonoured ? (
                  <p className="small-print">
                    Auto-ship tries your couriers in this order first, then the platform’s default ranking (price
                    weighed against delivery days).
                  </p>
                ) : (
                  <Alert tone="info">
                    <span>
                      On your plan, auto-ship ranks couriers by the platform’s default ranking (price weighed against
                      delivery days). Your priority list ranks first on the Pro and Premium plans.
                    </span>
                  </Alert>
                )}
                {priority.length === 0 ? (
                  <p className="small-print">No courier chosen yet: tick the couriers you use.</p>
                ) : (
                  <ol className="stack">
                    {priority.map((code, i) => (
                      <li key={code} className="row">
                        <span>{name(code)}</span>
                        <Button
                          variant="ghost"
                          className="btn-small"
                          disabled={i === 0}
                          aria-label={`Move ${name(code)} up`}
                          onClick={() => move(code, -1)}
                        >
                          ↑
                        </Button>
                        <Button
                          variant="ghost"
                          className="btn-small"
                          disabled={i === priority.length - 1}
                          aria-label={`Move ${name(code)} down`}
                          onClick={() => move(code, 1)}
                        >
                          ↓
                        </Button>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              <InsureAboveField value={insureAbove} onChange={setInsureAbove} />
              <Button
                busy={save.running}
                disabled={rule === 'PRIORITY' && priority.length === 0}
                onClick={() => save.run()}
              >
                Save preferences
              </Button>
            </Card>
          )}
        </Loadable>
        {recommends ? (
          <RecommendationSettingsSection />
        ) : (
          <p className="small-print">
            On the Premium plan, each order’s couriers come with a recommendation from their delivery record to its
            pincode, under a rule you pick.
          </p>
        )}
      </div>
    </SellerShell>
  );
}
