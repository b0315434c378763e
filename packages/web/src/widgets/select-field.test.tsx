import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { autoSelectValue, SelectField } from './SelectField.tsx';

afterEach(cleanup);

const OPTIONS = ['player', 'team', 'other'];

describe('select auto-selection (spec §5)', () => {
  it('picks the first option when there is no empty item and no value', () => {
    expect(autoSelectValue(OPTIONS, null, false)).toBe('player');
  });

  it('keeps a value that is one of the options', () => {
    expect(autoSelectValue(OPTIONS, 'team', false)).toBe('team');
    expect(autoSelectValue(OPTIONS, 'team', true)).toBe('team');
  });

  it('stays null with an empty item and no initial value', () => {
    expect(autoSelectValue(OPTIONS, null, true)).toBeNull();
  });

  it('replaces a value that is not an option: the first option, or null with an empty item', () => {
    expect(autoSelectValue(OPTIONS, 'gone', false)).toBe('player');
    expect(autoSelectValue(OPTIONS, 'gone', true)).toBeNull();
  });

  it('leaves the value alone while there are no options yet', () => {
    expect(autoSelectValue([], 'team', false)).toBe('team');
    expect(autoSelectValue([], null, false)).toBeNull();
  });

  it('tells the form about the option it picked', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <SelectField
        label="Type"
        data={OPTIONS.map((value) => ({ value, label: value }))}
        value={null}
        onChange={onChange}
      />,
    );
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('player'));
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('player');
  });
});
