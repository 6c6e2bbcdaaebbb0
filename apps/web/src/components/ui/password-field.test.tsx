import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { PasswordField } from './password-field';

function Controlled() {
  const [value, setValue] = useState('');
  return <PasswordField label="Senha" value={value} onChange={(event) => setValue(event.target.value)} />;
}

afterEach(cleanup);

describe('PasswordField', () => {
  test('o botão de mostrar a senha só aparece quando o campo tem conteúdo', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText('Senha');
    expect(screen.queryByRole('button', { name: 'Mostrar senha' })).toBeNull();

    await user.type(input, 'segredo');
    const toggle = screen.getByRole('button', { name: 'Mostrar senha' });
    expect(input.getAttribute('type')).toBe('password');

    await user.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Ocultar senha' })).toBe(toggle);

    await user.clear(input);
    expect(screen.queryByRole('button', { name: /senha/i })).toBeNull();
    expect(input.getAttribute('type')).toBe('password');
  });
});
