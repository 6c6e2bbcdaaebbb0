import { formatDate, type WeightView } from '@petshop/domain';
import { formatKg } from './health-dates';
import { type ChartBox, plotWeights } from './weight-chart-geometry';

const BOX: ChartBox = { width: 320, height: 170, left: 52, right: 14, top: 12, bottom: 28 };

/**
 * The weighings as a line (hand-drawn SVG: a charting library would outweigh the page). A screen
 * reader hears the summary; the list below the chart has every value.
 */
export function WeightChart({ weights }: { weights: readonly WeightView[] }) {
  const { points, minKg, maxKg } = plotWeights(weights, BOX);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const lightest = Math.min(...weights.map((weight) => weight.kg));
  const heaviest = Math.max(...weights.map((weight) => weight.kg));
  const summary = `Gráfico do peso: ${weights.length} pesagens, de ${formatKg(first.weight.kg)} em ${formatDate(first.weight.measuredOn)} a ${formatKg(last.weight.kg)} em ${formatDate(last.weight.measuredOn)}; mínimo ${formatKg(lightest)}, máximo ${formatKg(heaviest)}.`;
  const bottom = BOX.height - BOX.bottom;
  return (
    <svg
      className="weight-chart"
      viewBox={`0 0 ${BOX.width} ${BOX.height}`}
      role="img"
      aria-label={summary}
      data-points={points.length}
    >
      <line className="weight-chart__axis" x1={BOX.left} y1={BOX.top} x2={BOX.left} y2={bottom} />
      <line className="weight-chart__axis" x1={BOX.left} y1={bottom} x2={BOX.width - BOX.right} y2={bottom} />
      <text className="weight-chart__label" x={BOX.left - 6} y={BOX.top + 4} textAnchor="end">
        {formatKg(Math.round(maxKg * 10) / 10)}
      </text>
      <text className="weight-chart__label" x={BOX.left - 6} y={bottom} textAnchor="end">
        {formatKg(Math.round(minKg * 10) / 10)}
      </text>
      <text className="weight-chart__label" x={BOX.left} y={BOX.height - 8} textAnchor="start">
        {formatDate(first.weight.measuredOn).slice(0, 5)}
      </text>
      <text className="weight-chart__label" x={BOX.width - BOX.right} y={BOX.height - 8} textAnchor="end">
        {formatDate(last.weight.measuredOn)}
      </text>
      <polyline
        className="weight-chart__line"
        points={points.map(({ x, y }) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
      />
      {points.map(({ weight, x, y }) => (
        <circle key={weight.id} className="weight-chart__point" cx={x.toFixed(1)} cy={y.toFixed(1)} r={4} />
      ))}
    </svg>
  );
}
