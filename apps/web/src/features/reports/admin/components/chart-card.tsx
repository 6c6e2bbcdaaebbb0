import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ChartCanvas, type DashboardChartConfig } from './chart-canvas';

export interface ChartCardProps {
  title: string;
  titleId: string;
  actions?: ReactNode;
  /** Shown instead of the chart when the period has nothing to draw. */
  empty: string | null;
  config: DashboardChartConfig;
  /** The chart in one sentence, for screen readers. */
  label: string;
  height: number;
  /** The chart's numbers as a table, read by screen readers and hidden from view. */
  table: ReactNode;
}

/** A card with a chart and, for assistive technology, the same numbers in a table. */
export function ChartCard({ title, titleId, actions, empty, config, label, height, table }: ChartCardProps) {
  return (
    <Card title={title} titleId={titleId} actions={actions} className="dashboard-chart">
      {empty ? (
        <EmptyState message={empty} />
      ) : (
        <>
          <ChartCanvas config={config} label={label} height={height} />
          <div className="visually-hidden">{table}</div>
        </>
      )}
    </Card>
  );
}
