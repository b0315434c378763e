import { Button, Checkbox, CloseButton, Group, NativeSelect, Select, TextInput } from '@mantine/core';
import { LIST_OPERATORS, type Operator, RANGE_OPERATORS } from '@regie/contract/query-builder';
import {
  type ActionProps,
  type NotToggleProps,
  toFlatOptionArray,
  toFullOptionList,
  type ValueEditorProps,
  type ValueSelectorProps,
} from 'react-querybuilder';
import { useT } from '../../../i18n/use-t.ts';

/**
 * react-querybuilder's controls drawn with Mantine: every selector, editor and button has a name a
 * screen reader says (react-querybuilder's own `title`, translated through `translations`), and
 * native elements keep the builder usable with the keyboard alone.
 */

type Choice = { value: string; label: string };

/** The flat choices of react-querybuilder's options (plain or in option groups). */
function choices(options: ValueSelectorProps['options']): Choice[] {
  return toFlatOptionArray(options).map((option) => ({ value: option.name, label: String(option.label) }));
}

/** Field, operator and combinator choosers: a native select (arrows and letters pick a choice). */
export function QueryValueSelector({ options, value, handleOnChange, title, disabled, className }: ValueSelectorProps) {
  return (
    <NativeSelect
      aria-label={title}
      size="xs"
      className={className}
      data={choices(options)}
      value={value ?? ''}
      disabled={disabled ?? false}
      onChange={(event) => handleOnChange(event.currentTarget.value)}
    />
  );
}

/** Add / remove buttons: a text button, or a close button named by its title. */
export function QueryAction({ label, title, handleOnClick, disabled, className }: ActionProps) {
  if (label === '⨯' || label === 'x') {
    return (
      <CloseButton
        size="sm"
        aria-label={title}
        title={title}
        disabled={disabled ?? false}
        onClick={(event) => handleOnClick(event)}
      />
    );
  }
  return (
    <Button
      size="compact-xs"
      variant="light"
      className={className}
      disabled={disabled ?? false}
      title={title}
      onClick={(event) => handleOnClick(event)}
    >
      {label}
    </Button>
  );
}

export function QueryNotToggle({ checked, handleOnChange, label, title, disabled }: NotToggleProps) {
  return (
    <Checkbox
      size="xs"
      label={label}
      title={title}
      checked={checked ?? false}
      disabled={disabled ?? false}
      onChange={(event) => handleOnChange(event.currentTarget.checked)}
    />
  );
}

/** The rule's value as the list or pair the operator takes (react-querybuilder: listsAsArrays). */
function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value !== '') return value.split(',');
  return [];
}

/** The value editor, by the field's type and the operator: text, number, date, yes/no, a list. */
export function QueryValueEditor(props: ValueEditorProps) {
  const t = useT();
  const { operator, value, handleOnChange, fieldData, disabled } = props;
  const op = operator as Operator;
  const type = fieldData.inputType ?? 'text';
  const isDisabled = disabled ?? false;
  const label = `${t('queryBuilder.value')} — ${String(fieldData.label)}`;
  if (op === 'null' || op === 'notNull') return null;
  if (fieldData.valueEditorType === 'checkbox' || fieldData.valueEditorType === 'select') {
    const data = toFlatOptionArray(toFullOptionList(fieldData.values ?? [])).map((option) => ({
      value: String(option.name),
      label: String(option.label),
    }));
    if (LIST_OPERATORS.includes(op)) {
      return (
        <TextInput
          size="xs"
          aria-label={`${t('queryBuilder.values')} — ${String(fieldData.label)}`}
          placeholder={data.map((option) => option.value).join(', ')}
          value={asList(value).join(',')}
          disabled={isDisabled}
          onChange={(event) => handleOnChange(event.currentTarget.value.split(',').map((part) => part.trim()))}
        />
      );
    }
    return (
      <Select
        size="xs"
        aria-label={label}
        data={data}
        value={value === undefined || value === null || value === '' ? null : String(value)}
        allowDeselect={false}
        disabled={isDisabled}
        onChange={(next) => handleOnChange(next ?? '')}
      />
    );
  }
  if (RANGE_OPERATORS.includes(op)) {
    const [from = '', to = ''] = asList(value);
    return (
      <Group gap={4} wrap="nowrap">
        <TextInput
          size="xs"
          type={type}
          aria-label={`${t('queryBuilder.valueFrom')} — ${String(fieldData.label)}`}
          value={from}
          disabled={isDisabled}
          onChange={(event) => handleOnChange([event.currentTarget.value, to])}
        />
        <TextInput
          size="xs"
          type={type}
          aria-label={`${t('queryBuilder.valueTo')} — ${String(fieldData.label)}`}
          value={to}
          disabled={isDisabled}
          onChange={(event) => handleOnChange([from, event.currentTarget.value])}
        />
      </Group>
    );
  }
  if (LIST_OPERATORS.includes(op)) {
    return (
      <TextInput
        size="xs"
        aria-label={`${t('queryBuilder.values')} — ${String(fieldData.label)}`}
        value={asList(value).join(',')}
        disabled={isDisabled}
        onChange={(event) => handleOnChange(event.currentTarget.value.split(',').map((part) => part.trim()))}
      />
    );
  }
  return (
    <TextInput
      size="xs"
      type={type}
      aria-label={label}
      value={value === undefined || value === null ? '' : String(value)}
      disabled={isDisabled}
      onChange={(event) => handleOnChange(event.currentTarget.value)}
    />
  );
}
