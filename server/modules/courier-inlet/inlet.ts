import type { AppDeps } from '../../deps';
import type { CourierInlet } from '../../carriers/inlet';
import { recordCourierRemittance } from '../cod/courier';
import { receiveScans } from './receive-scans';

/** The product's side of carriers/inlet.ts, wired into deps at bootstrap. */
export function courierInlet(deps: AppDeps): CourierInlet {
  return {
    receiveScans: (carrierCode, scans) => receiveScans(deps, carrierCode, scans),
    async receiveRemittance(file) {
      const r = await recordCourierRemittance(deps.db, file, deps.now());
      return { recorded: r.recorded, lines: r.lines, refused: r.refused, totalPaise: r.totalPaise };
    },
  };
}
