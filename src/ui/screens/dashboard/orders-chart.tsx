import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDay } from '../../../domain/format';

// Orders and shipments by day, drawn by uPlot (a small canvas chart, loaded with this page only).
// The figures are also in the table beside it, for screen readers and for reading exact numbers.

const dayLabel = (day: string) => formatDay(day).slice(0, 6);

export function OrdersChart({ byDay }: { byDay: { day: string; orders: number; shipments: number }[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const css = getComputedStyle(document.documentElement);
    const colour = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
    const width = () => Math.max(240, el.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: 220,
        scales: { x: { time: false } },
        axes: [
          { values: (_, ticks) => ticks.map((t) => (byDay[t] ? dayLabel(byDay[t].day) : '')) },
          { values: (_, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
        ],
        series: [
          {},
          { label: 'Orders', stroke: colour('--c-brand', '#1f4fd1'), width: 2 },
          { label: 'Shipments', stroke: colour('--c-accent', '#ff7a1a'), width: 2, dash: [6, 4] },
        ],
        legend: { show: true, live: false },
      },
      [byDay.map((_, i) => i), byDay.map((d) => d.orders), byDay.map((d) => d.shipments)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [byDay]);
  return <div ref={box} className="chart" role="img" aria-label="Orders and shipments by day" />;
}
