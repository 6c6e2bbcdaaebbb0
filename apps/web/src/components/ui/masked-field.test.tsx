import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MaskedField } from './masked-field';

afterEach(cleanup);

describe('MaskedField', () => {
  test('a re-render with the value of before the last digit keeps the digit typed (a field in a dialog renders before its form)', async () => {
    const onValueChange = vi.fn();
    const field = (error?: string) => (
      <MaskedField label="CEP" mask="cep" value="2004000" error={error} onValueChange={onValueChange} />
    );
    const { rerender } = render(field());
    const input = screen.getByLabelText('CEP') as HTMLInputElement;
    expect(input.value).toBe('20040-00');
    await userEvent.setup().type(input, '2');
    expect(onValueChange).toHaveBeenLastCalledWith('20040002');
    // The field alone re-renders (its own state changed) while its form still holds seven digits.
    rerender(field('Buscando'));
    expect(input.value).toBe('20040-002');
    expect(onValueChange).toHaveBeenLastCalledWith('20040002');
  });

  test('a new value from the form (a reset, a record loaded) replaces what is shown', () => {
    const field = (value: string) => <MaskedField label="CEP" mask="cep" value={value} onValueChange={() => {}} />;
    const { rerender } = render(field('20040002'));
    const input = screen.getByLabelText('CEP') as HTMLInputElement;
    expect(input.value).toBe('20040-002');
    rerender(field(''));
    expect(input.value).toBe('');
    rerender(field('01310100'));
    expect(input.value).toBe('01310-100');
  });
});
