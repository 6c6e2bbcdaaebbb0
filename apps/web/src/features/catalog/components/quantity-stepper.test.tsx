import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuantityStepper } from './quantity-stepper';

afterEach(cleanup);

function Harness({ max }: { max: number }) {
  const [value, setValue] = useState(1);
  return <QuantityStepper value={value} min={1} max={max} onChange={setValue} />;
}

const minus = () => screen.getByRole('button', { name: 'Diminuir quantidade' }) as HTMLButtonElement;
const plus = () => screen.getByRole('button', { name: 'Aumentar quantidade' }) as HTMLButtonElement;
const value = () => screen.getByRole('status').textContent;

describe('QuantityStepper', () => {
  it('moves between 1 and 10 and disables each button at its bound', async () => {
    const user = userEvent.setup();
    render(<Harness max={10} />);
    expect(value()).toBe('1');
    expect(minus().disabled).toBe(true);
    expect(plus().disabled).toBe(false);

    for (let i = 0; i < 9; i++) await user.click(plus());
    expect(value()).toBe('10');
    expect(plus().disabled).toBe(true);
    expect(minus().disabled).toBe(false);

    await user.click(minus());
    expect(value()).toBe('9');
    expect(plus().disabled).toBe(false);
  });

  it('stops at a lower maximum (the stock)', async () => {
    const user = userEvent.setup();
    render(<Harness max={3} />);
    await user.click(plus());
    await user.click(plus());
    expect(value()).toBe('3');
    expect(plus().disabled).toBe(true);
  });
});
