import { useCallback } from 'react';
import { useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { ReferenceField } from '../../widgets/ReferenceField.tsx';
import { SelectField } from '../../widgets/SelectField.tsx';
import { idOf, useChildOptions } from './sport-data-options.ts';

/**
 * The event's competition → season → round (the server refuses a season of another
 * competition): choosing a competition clears its season and round, a season its round; a
 * season offers only its competition's, a round only its season's. The season has no empty item:
 * once the competition is chosen it holds its first season (spec §5, issue 40.2); the round may
 * stay empty.
 */
export function CompetitionInput(props: FieldInputProps) {
  const { label, value, onChange, onBlur, error, disabled, setField } = props;
  return (
    <ReferenceField
      label={label}
      reference="competitions"
      value={idOf(value)}
      onChange={(next) => {
        if (next === idOf(value)) return;
        onChange(next);
        setField?.('seasonId', null);
        setField?.('roundId', null);
      }}
      onBlur={onBlur}
      error={error}
      disabled={disabled}
    />
  );
}

function ChildSelect({
  props,
  kind,
  parentField,
  emptyKey,
  clears,
  withEmptyItem,
}: {
  props: FieldInputProps;
  kind: 'seasons' | 'rounds';
  parentField: string;
  emptyKey: 'events.cascade.chooseCompetition' | 'events.cascade.chooseSeason';
  clears?: string;
  /** Without it the select holds its first option once its parent is chosen (spec §5). */
  withEmptyItem: boolean;
}) {
  const t = useT();
  const { field, label, value, onChange, onBlur, error, disabled, values, setField } = props;
  const parentId = idOf(values?.[parentField]);
  const { options } = useChildOptions(kind, parentId);
  const current = idOf(value) === null ? null : String(value);
  const choose = useCallback(
    (next: string | null) => {
      if (next === current) return;
      onChange(idOf(next));
      if (clears) setField?.(clears, null);
    },
    [current, onChange, clears, setField],
  );
  return (
    <SelectField
      label={label}
      name={field}
      data={options}
      value={current}
      onChange={choose}
      withEmptyItem={withEmptyItem}
      onBlur={onBlur}
      error={error}
      disabled={disabled || parentId === null}
      placeholder={parentId === null ? t(emptyKey) : t('events.cascade.none')}
      searchable
    />
  );
}

export function SeasonInput(props: FieldInputProps) {
  return (
    <ChildSelect
      props={props}
      kind="seasons"
      parentField="competitionId"
      emptyKey="events.cascade.chooseCompetition"
      clears="roundId"
      withEmptyItem={false}
    />
  );
}

export function RoundInput(props: FieldInputProps) {
  return (
    <ChildSelect
      props={props}
      kind="rounds"
      parentField="seasonId"
      emptyKey="events.cascade.chooseSeason"
      withEmptyItem
    />
  );
}
