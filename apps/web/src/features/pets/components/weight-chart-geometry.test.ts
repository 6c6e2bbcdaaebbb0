import { describe, expect, test } from 'vitest';
import { plotWeights } from './weight-chart-geometry';

const box = { width: 320, height: 170, left: 52, right: 14, top: 12, bottom: 28 };
const w = (id: number, kg: number, measuredOn: string) => ({ id, kg, measuredOn });

describe('plotWeights', () => {
  test('x segue a data (intervalos desiguais ficam desiguais); y sobe com o peso', () => {
    const { points } = plotWeights([w(1, 10, '2026-01-01'), w(2, 12, '2026-01-11'), w(3, 11, '2026-01-31')], box);
    expect(points.map((p) => Math.round(p.x))).toEqual([52, 137, 306]);
    const [first, second, third] = points.map((p) => p.y);
    expect(second).toBeLessThan(third ?? 0);
    expect(third).toBeLessThan(first ?? 0);
    for (const p of points) {
      expect(p.y).toBeGreaterThanOrEqual(box.top);
      expect(p.y).toBeLessThanOrEqual(box.height - box.bottom);
    }
  });

  test('peso estável fica no meio da altura; duas pesagens no mesmo dia ficam no meio da largura', () => {
    const { points } = plotWeights([w(1, 8, '2026-02-01'), w(2, 8, '2026-02-01')], box);
    expect(points.map((p) => p.x)).toEqual([179, 179]);
    expect(points.map((p) => p.y)).toEqual([77, 77]);
  });
});
