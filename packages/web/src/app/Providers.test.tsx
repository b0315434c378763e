import { DateTimePicker } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { DateTimeField } from '../widgets/DateTimeField.tsx';
import '../test-utils.tsx';
import { Providers } from './Providers.tsx';

/** A picker that names nothing itself (a select's clear button is hidden from assistive tech by Mantine). */
function clearablePicker(language: 'en' | 'fr') {
  render(
    <Providers i18n={createI18n(language)}>
      <DateTimePicker label="Starts at" value="2026-11-28 20:00:00" onChange={() => undefined} clearable />
    </Providers>,
  );
}

describe('the app providers', () => {
  it('name every clear button of an input in the user’s language', () => {
    clearablePicker('en');
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
  });

  it('name it in French for a French-speaking user', () => {
    clearablePicker('fr');
    expect(screen.getByRole('button', { name: 'Effacer' })).toBeTruthy();
  });

  it('keep the name a field gives its own clear button', () => {
    render(
      <Providers i18n={createI18n('en')}>
        <DateTimeField label="Ends at" value="2026-11-28 20:00" onChange={() => undefined} onClear={() => undefined} />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: 'Clear Ends at' })).toBeTruthy();
  });
});
