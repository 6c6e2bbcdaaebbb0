import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductDescription } from './product-description';

afterEach(cleanup);

describe('ProductDescription', () => {
  it('shows a short description whole, without a toggle', () => {
    const text = 'a'.repeat(200);
    render(<ProductDescription text={text} />);
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts a long description at 200 characters and toggles the rest', async () => {
    const user = userEvent.setup();
    const text = `${'Ração completa '.repeat(14)}FIM`;
    expect(text.length).toBeGreaterThan(200);
    render(<ProductDescription text={text} />);

    const paragraph = screen.getByText(/^Ração completa/);
    expect(paragraph.textContent).toBe(`${text.slice(0, 200).trimEnd()}…`);
    expect(paragraph.className).toContain('product-description__text--clamped');

    await user.click(screen.getByRole('button', { name: 'Exibir mais' }));
    expect(paragraph.textContent).toBe(text);
    expect(paragraph.className).not.toContain('--clamped');
    const less = screen.getByRole('button', { name: 'Exibir menos' });
    expect(less.getAttribute('aria-expanded')).toBe('true');

    await user.click(less);
    expect(paragraph.textContent).toBe(`${text.slice(0, 200).trimEnd()}…`);
    expect(screen.getByRole('button', { name: 'Exibir mais' }).getAttribute('aria-expanded')).toBe('false');
  });
});
