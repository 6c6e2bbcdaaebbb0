import type { WeightView } from '@petshop/domain';

export interface ChartBox {
  width: number;
  height: number;
  /** room for the axis labels: left of the plot and below it */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export interface PlottedWeight {
  weight: WeightView;
  x: number;
  y: number;
}

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/**
 * Where each weighing (oldest first) falls: x by its date, so uneven gaps look uneven; y between
 * the lightest and the heaviest, padded by 10 % so a flat line is drawn mid-height, not on an edge.
 */
export function plotWeights(weights: readonly WeightView[], box: ChartBox) {
  const kgs = weights.map((weight) => weight.kg);
  const days = weights.map((weight) => dayOf(weight.measuredOn));
  const lowKg = Math.min(...kgs);
  const highKg = Math.max(...kgs);
  const pad = Math.max((highKg - lowKg) * 0.1, 0.5);
  const [minKg, maxKg] = [Math.max(0, lowKg - pad), highKg + pad];
  const [firstDay, lastDay] = [Math.min(...days), Math.max(...days)];
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  const points: PlottedWeight[] = weights.map((weight, index) => ({
    weight,
    x:
      box.left +
      (lastDay === firstDay
        ? plotWidth / 2
        : (((days[index] ?? firstDay) - firstDay) / (lastDay - firstDay)) * plotWidth),
    y: box.top + (1 - (weight.kg - minKg) / (maxKg - minKg)) * plotHeight,
  }));
  return { points, minKg, maxKg };
}
