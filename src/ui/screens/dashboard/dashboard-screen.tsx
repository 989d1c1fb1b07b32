import { useState } from 'react';
import { DASHBOARD_PERIODS } from '../../../domain/dashboard-period';
import { formatDay, formatRupees } from '../../../domain/format';
import type { CourierZoneRow } from '../../../domain/dashboard-contract';
import { useDashboard } from '../../../services/use-dashboard';
import { Alert, Button, Card, DataTable, Loadable, Stat, TextField } from '../../kit';
import { SellerShell } from '../shell/seller-shell';
import { OrdersChart } from './orders-chart';
import { TopList } from './top-list';
import { CodVerificationCard, showsCodVerification } from './cod-verification-card';
import { labelOf } from '../../../domain/display-labels';

// /dashboard: the seller's figures over a chosen period (IST days), the orders chart, courier
// performance by zone and the top 5 lists. The period lives in the address.

const count = (n: number) => n.toLocaleString('en-IN');
const percent = (n: number) => `${n.toLocaleString('en-IN', { maximumFractionDigits: 1 })}%`;
const days = (n: number | null) =>
  n === null ? '—' : `${n.toLocaleString('en-IN', { maximumFractionDigits: 1 })} days`;
const day = (d: string) => formatDay(d);

const COURIER_COLUMNS = [
  { header: 'Courier', cell: (r: CourierZoneRow) => r.carrierName },
  { header: 'Zone', cell: (r: CourierZoneRow) => r.zone },
  { header: 'Shipments', cell: (r: CourierZoneRow) => count(r.shipments) },
  { header: 'Delivered', cell: (r: CourierZoneRow) => percent(r.deliveredPercent) },
  { header: 'RTO', cell: (r: CourierZoneRow) => percent(r.rtoPercent) },
  { header: 'Average days to deliver', cell: (r: CourierZoneRow) => days(r.avgDeliveryDays) },
];

export function DashboardScreen() {
  const [state, send] = useDashboard();
  const { query, figures, error, rangeError } = state.context;
  const [from, setFrom] = useState(query.fromDate ?? '');
  const [to, setTo] = useState(query.toDate ?? '');
  const [customOpen, setCustomOpen] = useState(query.period === 'custom');
  return (
    <SellerShell>
      <div className="page">
        <div className="page-head">
          <h1>Dashboard</h1>
          {figures && (
            <p className="muted" aria-live="polite">
              {day(figures.summary.fromDate)} to {day(figures.summary.toDate)} (IST)
            </p>
          )}
        </div>
        <div className="row period-picker" role="group" aria-label="Period">
          {DASHBOARD_PERIODS.map((p) => (
            <Button
              key={p.code}
              variant={query.period === p.code && (p.code !== 'custom' || !customOpen) ? 'primary' : 'secondary'}
              aria-pressed={query.period === p.code}
              onClick={() =>
                p.code === 'custom'
                  ? setCustomOpen(true)
                  : (setCustomOpen(false), send({ type: 'PERIOD', period: p.code }))
              }
            >
              {p.label}
            </Button>
          ))}
        </div>
        {customOpen && (
          <form
            className="row period-custom"
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'CUSTOM', fromDate: from, toDate: to });
            }}
          >
            <TextField label="From date" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            <TextField label="To date" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            <Button type="submit">Show</Button>
            {rangeError && <Alert>{rangeError}</Alert>}
          </form>
        )}
        <Loadable loading={state.matches('loading') && !figures} error={error} onRetry={() => send({ type: 'RETRY' })}>
          {() =>
            figures && (
              <div className="stack" aria-busy={state.matches('loading') || undefined}>
                <div className="grid-stats" aria-label="Figures">
                  <Stat label="Orders" value={count(figures.summary.orders)} />
                  <Stat label="Shipments" value={count(figures.summary.shipments)} />
                  <Stat label="Delivered" value={percent(figures.summary.deliveredPercent)} />
                  <Stat label="NDR" value={percent(figures.summary.ndrPercent)} />
                  <Stat label="RTO" value={percent(figures.summary.rtoPercent)} />
                  <Stat label="Average days to deliver" value={days(figures.summary.avgDeliveryDays)} />
                  {figures.money && (
                    <>
                      <Stat label="COD pending" value={formatRupees(figures.money.codPendingPaise)} />
                      <Stat label="COD paid" value={formatRupees(figures.money.codPaidPaise)} />
                      <Stat label="Freight spend" value={formatRupees(figures.money.freightPaise)} />
                    </>
                  )}
                </div>
                {showsCodVerification(figures.codVerification) && (
                  <CodVerificationCard figures={figures.codVerification} />
                )}
                <Card className="stack">
                  <h2>Orders and shipments by day</h2>
                  <OrdersChart byDay={figures.summary.byDay} />
                </Card>
                <Card className="stack">
                  <h2>Courier performance by zone</h2>
                  <DataTable
                    caption="Courier performance by zone"
                    columns={COURIER_COLUMNS}
                    rows={figures.couriers.rows}
                    rowKey={(r) => `${r.carrierCode}-${r.zone}`}
                  />
                </Card>
                <div className="grid-cards">
                  <TopList
                    title="Top products"
                    rows={figures.top.products.map((p) => ({
                      key: p.sku,
                      name: p.name,
                      detail: p.sku,
                      value: p.units,
                      unit: 'units',
                    }))}
                  />
                  <TopList
                    title="Top states"
                    rows={figures.top.states.map((s) => ({
                      key: s.name,
                      name: s.name,
                      value: s.orders,
                      unit: 'orders',
                    }))}
                  />
                  <TopList
                    title="Top cities"
                    rows={figures.top.cities.map((c) => ({
                      key: `${c.name}-${c.state}`,
                      name: c.name,
                      detail: c.state,
                      value: c.orders,
                      unit: 'orders',
                    }))}
                  />
                  <TopList
                    title="Top stores and channels"
                    rows={figures.top.channels.map((c) => ({
                      key: c.name,
                      name: labelOf('orderSource', c.name),
                      detail: formatRupees(c.revenuePaise),
                      value: c.orders,
                      unit: 'orders',
                    }))}
                  />
                  <TopList
                    title="Top carriers"
                    rows={figures.top.carriers.map((c) => ({
                      key: c.code,
                      name: c.name,
                      detail: `${percent(c.deliveredPercent)} delivered`,
                      value: c.shipments,
                      unit: 'shipments',
                    }))}
                  />
                </div>
              </div>
            )
          }
        </Loadable>
      </div>
    </SellerShell>
  );
}
