import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { TextField } from './TextField.tsx';

describe('TextField', () => {
  it('labels the input and passes native attributes through', () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <TextField
        ref={ref}
        label="E-mail address"
        type="email"
        name="email"
        autoComplete="username"
        required
      />,
    );
    const input = screen.getByLabelText(/E-mail address/);
    expect(input).toBe(ref.current);
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('name')).toBe('email');
    expect((input as HTMLInputElement).required).toBe(true);
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toBe(input);
  });

  it('is valid and described by its help text when there is no error', () => {
    render(<TextField label="Name" help="As on your invoice." />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(accessibleDescription(input)).toBe('As on your invoice.');
  });

  it('marks an error invalid and describes the input with it', () => {
    render(
      <TextField
        label="E-mail address"
        help="Your work address."
        error="Enter an e-mail address."
      />,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(input)).toBe('Enter an e-mail address. Your work address.');
  });

  it('keeps a describedby given by the caller', () => {
    render(
      <>
        <p id="extra">Extra</p>
        <TextField label="Name" aria-describedby="extra" error="Required." />
      </>,
    );
    expect(accessibleDescription(screen.getByRole('textbox', { name: 'Name' }))).toBe(
      'Extra Required.',
    );
  });
});

/** The text of the elements `aria-describedby` points at, in order. */
function accessibleDescription(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? `#${id} missing`)
    .join(' ');
}
