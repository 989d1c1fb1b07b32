import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib';
import { promisesSection } from './intelligence/promises';
import { rtoSection } from './intelligence/rto';
import type { IntelligenceResults } from '../src/domain/intelligence-results';

// `npm run bench -- intelligence`: the product's learned scores on a sandbox history, each
// section its own figures under its own key of bench/results/intelligence.json.
// rto: RTO risk on held-out orders (goal: the model above today's rules, scoring under 1 ms an order).
// promises: the delivery date promised by lane history (goal: met by at least 90 % of held-out parcels).

export async function run(): Promise<boolean> {
  const rto = rtoSection();
  const promises = promisesSection();
  const rtoMet = rto.auc.model > rto.auc.todaysRules && rto.scoringMsPerOrder < 1;
  const promisesMet = promises.hitRate >= 0.9;
  const met = rtoMet && promisesMet;
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  const results: IntelligenceResults = { bench: 'intelligence', measuredAt: new Date().toISOString(), rto, promises };
  writeFileSync(join(ROOT, 'bench/results/intelligence.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nintelligence: RTO risk');
  console.log(`  ${rto.shipments} shipments (${rto.trainOrders} to train, ${rto.heldOutOrders} held out)`);
  console.log(`  RTO share: all ${rto.rtoShare.all}, COD ${rto.rtoShare.cod}, prepaid ${rto.rtoShare.prepaid}`);
  console.log(
    `  AUC: model ${rto.auc.model}, today's rules ${rto.auc.todaysRules}, best possible ${rto.auc.bestPossible}`,
  );
  for (const b of rto.calibrationByBand)
    console.log(`  ${b.band}: ${b.orders} orders, predicted ${b.predictedRto}, observed ${b.observedRto}`);
  console.log(
    `  scoring ${rto.scoringMsPerOrder} ms an order; training ${rto.trainingMs} ms (${rto.trainingIterations} passes)`,
  );
  console.log(`  goal: model AUC above today's rules, scoring under 1 ms an order → ${rtoMet ? 'MET' : 'NOT MET'}`);
  console.log('\nintelligence: delivery promises');
  console.log(
    `  ${promises.historyShipments} delivered shipments (${promises.fittedShipments} fitted, ${promises.heldOutShipments} held out)`,
  );
  console.log(
    `  promise met: ${promises.hitRate} (zone table ${promises.zoneTableHitRate}); ${promises.meanDaysEarlier} days earlier than the zone table on average`,
  );
  for (const b of promises.byBasis) console.log(`  ${b.basis}: ${b.share} of promises, met ${b.hitRate}`);
  console.log(`  fitting ${promises.fitMs} ms; ${promises.promiseMsPerShipment} ms a promise`);
  console.log(
    `  goal: the promised date met by at least 90 % of held-out parcels → ${promisesMet ? 'MET' : 'NOT MET'}`,
  );
  return met;
}
