import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MoneyField } from './money-field';

afterEach(cleanup);

describe('MoneyField', () => {
  test('a re-render with the value of before the last digit keeps the digit typed (a field in a dialog renders before its form)', async () => {
    const onValueChange = vi.fn();
    const field = (error?: string) => (
      <MoneyField label="Preço (R$)" value="" error={error} onValueChange={onValueChange} />
    );
    const { rerender } = render(field());
    const input = screen.getByLabelText('Preço (R$)') as HTMLInputElement;
    await userEvent.setup().type(input, '39,9');
    expect(input.value).toBe('R$ 39,9');
    expect(onValueChange).toHaveBeenLastCalledWith('39.9');
    // The field alone re-renders while its form still holds the amount of before.
    rerender(field('Informe o preço'));
    expect(input.value).toBe('R$ 39,9');
    expect(onValueChange).toHaveBeenLastCalledWith('39.9');
  });

  test('a new amount from the form (a reset, a record loaded) replaces what is shown', () => {
    const field = (value: string) => <MoneyField label="Preço (R$)" value={value} onValueChange={() => {}} />;
    const { rerender } = render(field('39.90'));
    const input = screen.getByLabelText('Preço (R$)') as HTMLInputElement;
    expect(input.value).toBe('R$ 39,90');
    rerender(field(''));
    expect(input.value).toBe('');
    rerender(field('1234.56'));
    expect(input.value).toBe('R$ 1.234,56');
  });

  test.each(['39,90', '39.90', 'R$ 39,90'])('%s typed becomes R$ 39,90, 39.9 for the form', async (typed) => {
    const onValueChange = vi.fn();
    render(<MoneyField label="Preço (R$)" value="" onValueChange={onValueChange} />);
    const input = screen.getByLabelText('Preço (R$)') as HTMLInputElement;
    const user = userEvent.setup();
    await user.type(input, typed);
    await user.tab();
    expect(input.value).toBe('R$ 39,90');
    expect(Number(onValueChange.mock.lastCall?.[0])).toBe(39.9);
  });
});
