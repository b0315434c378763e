import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { TagPicker } from './TagPicker.tsx';
import { foldText, groupTags, matchPosition, type PickerTag } from './tag-picker.ts';

afterEach(cleanup);

const TAGS: PickerTag[] = [
  { id: 1, name: 'Goal', tagType: 'action', AccountId: 2 },
  { id: 2, name: 'Own goal', tagType: 'action', AccountId: 3 },
  { id: 3, name: 'Goalkeeper save', tagType: 'action', AccountId: 2 },
  { id: 4, name: 'Olympique Lyonnais', tagType: 'team', AccountId: 2 },
  { id: 5, name: 'Derby', tagType: 'theme', AccountId: 3 },
  { id: 6, name: 'Équipe de France', tagType: 'team', AccountId: 2 },
  { id: 7, name: 'Custom', tagType: 'mascot', AccountId: 2 },
];
const ORDER = ['player', 'team', 'action', 'theme'];

describe('tag picker ordering (spec §2)', () => {
  it('groups by tagType in the declared order, other types after, each with its count', () => {
    const groups = groupTags(TAGS, '', ORDER);
    expect(groups.map((group) => [group.type, group.count])).toEqual([
      ['team', 2],
      ['action', 3],
      ['theme', 1],
      ['mascot', 1],
    ]);
  });

  it('sorts by name when nothing is typed', () => {
    const action = groupTags(TAGS, '', ORDER).find((group) => group.type === 'action');
    expect(action?.tags.map((tag) => tag.name)).toEqual(['Goal', 'Goalkeeper save', 'Own goal']);
  });

  it('keeps the tags containing the typed text, sorted by where it appears in the name', () => {
    const groups = groupTags(TAGS, 'goal', ORDER);
    expect(groups.map((group) => group.type)).toEqual(['action']);
    expect(groups[0]?.tags.map((tag) => tag.name)).toEqual(['Goal', 'Goalkeeper save', 'Own goal']);
    expect(groups[0]?.count).toBe(3);
  });

  it('ranks an earlier match first even against the alphabet', () => {
    const groups = groupTags(
      [
        { id: 1, name: 'Aaa keeper', tagType: 'player' },
        { id: 2, name: 'Keeper', tagType: 'player' },
      ],
      'keeper',
    );
    expect(groups[0]?.tags.map((tag) => tag.name)).toEqual(['Keeper', 'Aaa keeper']);
  });

  it('ignores case and accents', () => {
    expect(foldText('Équipe')).toBe('equipe');
    expect(matchPosition('Équipe de France', 'EQUIPE')).toBe(0);
    expect(matchPosition('Derby', 'x')).toBe(-1);
  });
});

function Picker({ admin }: { admin: boolean }) {
  const [value, setValue] = useState<number[]>([5]);
  return (
    <TagPicker
      opened
      onClose={() => undefined}
      tags={TAGS}
      value={value}
      onChange={setValue}
      typeLabel={(type) => type.toUpperCase()}
      typeOrder={ORDER}
      accountName={admin ? (id) => (id === 2 ? 'Olympique' : undefined) : undefined}
    />
  );
}

describe('tag picker drawer', () => {
  it('shows the groups with their count badges and filters as the user types', () => {
    renderWithProviders(<Picker admin={false} />);
    const drawer = screen.getByRole('dialog', { name: 'Tags' });
    expect(within(drawer).getByRole('region', { name: 'ACTION' })).toBeTruthy();
    expect(within(drawer).getByLabelText('3 tags')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('Filter tags'), { target: { value: 'lyon' } });
    expect(within(drawer).queryByRole('region', { name: 'ACTION' })).toBeNull();
    expect(within(drawer).getByRole('checkbox', { name: 'Olympique Lyonnais' })).toBeTruthy();
  });

  it('chooses and unchooses tags', () => {
    renderWithProviders(<Picker admin={false} />);
    expect(screen.getByText('Chosen: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Goal' }));
    expect(screen.getByText('Chosen: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Derby' }));
    expect(screen.getByText('Chosen: 1')).toBeTruthy();
  });

  it('shows each tag’s account to a platform admin, the id when the name is unknown', () => {
    renderWithProviders(<Picker admin />);
    expect(screen.getByRole('checkbox', { name: 'Goal · Olympique' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Derby · #3' })).toBeTruthy();
  });
});
