import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import './chart-canvas.css';

// Only what the dashboard draws is registered, so the rest of Chart.js stays out of the bundle.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);
Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
Chart.defaults.color = '#1f2a2e';
Chart.defaults.maintainAspectRatio = false;
if (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches) {
  Chart.defaults.animation = false;
}

export type DashboardChartConfig = ChartConfiguration<'bar'> | ChartConfiguration<'line'>;

export interface ChartCanvasProps {
  /** Memoised by the caller: a new object redraws the chart. */
  config: DashboardChartConfig;
  /** What the chart shows, in one sentence, for screen readers; the numbers are in the table beside it. */
  label: string;
  height: number;
}

/** A Chart.js chart on a canvas that fills its box; the chart is destroyed with the component. */
export function ChartCanvas({ config, label, height }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, config as ChartConfiguration);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="chart-canvas" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
