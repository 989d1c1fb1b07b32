// The bands a score falls in: what a seller reads at a glance. A band's edges are chances of
// coming back to origin; docs/decisions/rto-risk.md has how they were chosen.

export const RISK_BANDS = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High' } as const;
export type RiskBand = keyof typeof RISK_BANDS;
export const RISK_BAND_CODES = Object.keys(RISK_BANDS) as RiskBand[];

/** a score at or above MEDIUM is medium risk, at or above HIGH high */
export const BAND_EDGES = { MEDIUM: 0.15, HIGH: 0.35 } as const;

export function bandOf(score: number): RiskBand {
  if (score >= BAND_EDGES.HIGH) return 'HIGH';
  if (score >= BAND_EDGES.MEDIUM) return 'MEDIUM';
  return 'LOW';
}

/** "High RTO risk (42 %)" */
export const riskLabel = (band: RiskBand, score: number) =>
  `${RISK_BANDS[band]} RTO risk (${Math.round(score * 100)} %)`;
