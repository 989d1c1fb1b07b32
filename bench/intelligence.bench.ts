import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib';
import { rtoSection } from './intelligence/rto';

// `npm run bench -- intelligence`: the product's learned scores on a sandbox history, each
// section its own figures under its own key of bench/results/intelligence.json.
// rto: RTO risk on held-out orders (goal: the model above today's rules, scoring under 1 ms an order).

export async function run(): Promise<boolean> {
  const rto = rtoSection();
  const met = rto.auc.model > rto.auc.todaysRules && rto.scoringMsPerOrder < 1;
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/intelligence.json'),
    `${JSON.stringify({ bench: 'intelligence', measuredAt: new Date().toISOString(), rto }, null, 2)}\n`,
  );
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
  console.log(`  goal: model AUC above today's rules, scoring under 1 ms an order → ${met ? 'MET' : 'NOT MET'}`);
  return met;
}
