import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { LimitedTextField } from './LimitedTextField.tsx';

afterEach(cleanup);

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <LimitedTextField label="Name" textLimit={10} value={value} onChange={setValue} />;
}

const input = () => screen.getByLabelText('Name') as HTMLInputElement;

describe('limited text field (spec §5)', () => {
  it("says 'Please only use N characters' as its placeholder", () => {
    renderWithProviders(<Field />);
    expect(input().placeholder).toBe('Please only use 10 characters');
    expect(input().maxLength).toBe(10);
  });

  it('says it in French for a French interface', () => {
    renderWithProviders(<Field />, { language: 'fr' });
    expect(input().placeholder).toBe('Merci de ne pas dépasser 10 caractères');
  });

  it('shows the remaining characters only while focused', () => {
    renderWithProviders(<Field initial="Derby" />);
    expect(screen.queryByText('Characters left: 5')).toBeNull();
    fireEvent.focus(input());
    expect(screen.getByText('Characters left: 5')).toBeTruthy();
    fireEvent.change(input(), { target: { value: 'Derby day' } });
    expect(screen.getByText('Characters left: 1')).toBeTruthy();
    fireEvent.blur(input());
    expect(screen.queryByText(/Characters left/)).toBeNull();
  });

  it('never holds more than the limit, even when pasted', () => {
    renderWithProviders(<Field />);
    fireEvent.change(input(), { target: { value: 'A much longer name than allowed' } });
    expect(input().value).toBe('A much lon');
  });
});
