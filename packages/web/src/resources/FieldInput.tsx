import { JsonInput, MultiSelect, NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import type { GeoRule } from '@regie/contract/geo';
import dayjs from 'dayjs';
import { ColorField } from '../widgets/ColorField.tsx';
import { GeoRuleField } from '../widgets/GeoRuleField.tsx';
import { ImageUploadField } from '../widgets/ImageUploadField.tsx';
import { LazyDateTimeField } from '../widgets/LazyDateTimeField.tsx';
import { LimitedTextField } from '../widgets/LimitedTextField.tsx';
import { PasswordField } from '../widgets/PasswordField.tsx';
import { ReferenceField } from '../widgets/ReferenceField.tsx';
import { SelectField } from '../widgets/SelectField.tsx';
import { TagPickerField } from '../widgets/TagPickerField.tsx';
import type { ResourceRecord, ScreenFieldUi } from './any-resource.ts';
import type { ResourceLabels } from './resource-labels.ts';
import classes from './resources.module.css';

/** Text fields without a declared limit still stop somewhere. */
const DEFAULT_TEXT_LIMIT = 255;

export interface FieldInputProps {
  field: string;
  ui: ScreenFieldUi;
  label: string;
  /** A line under the label (a write-only field left blank keeps its value). */
  description?: string | undefined;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error: string | null;
  /** The server error's path when it names a part of the field ('config.sportId'). */
  errorPath?: string | undefined;
  tone: 'error' | 'warning' | null;
  required: boolean;
  /** The schema takes null: a select offers an empty item. */
  nullable: boolean;
  disabled: boolean;
  labels: ResourceLabels;
  /** The record being edited; null on a creation page. */
  record: ResourceRecord | null;
  /**
   * The form's values and a way to set another field, for a custom input that depends on a
   * sibling (an event's season offers the seasons of its competition and goes with it).
   */
  values?: Readonly<Record<string, unknown>>;
  setField?: (field: string, value: unknown) => void;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

function isGeoRule(value: unknown): value is GeoRule {
  return (
    typeof value === 'object' &&
    value !== null &&
    'mode' in value &&
    (value.mode === 'allow' || value.mode === 'block') &&
    'countries' in value &&
    Array.isArray(value.countries)
  );
}

function numbers(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((item): item is number => typeof item === 'number') : [];
}

/** One field of a generic edit form, drawn with the shared widget its `ui.widget` names. */
export function FieldInput(props: FieldInputProps) {
  const Custom = props.ui.custom?.Input;
  return (
    <div className={classes.field} data-tone={props.tone ?? undefined} data-field={props.field}>
      {Custom ? <Custom {...props} /> : <Widget {...props} />}
    </div>
  );
}

/** The props every Mantine input of a field takes. */
function commonOf({ field, label, description, error, onBlur, disabled, required }: FieldInputProps) {
  return { label, description, error, onBlur, disabled, withAsterisk: required, name: field };
}

function Widget(props: FieldInputProps) {
  switch (props.ui.widget) {
    case 'number':
    case 'switch':
    case 'select':
    case 'multiSelect':
      return <ChoiceWidget {...props} />;
    case 'reference':
    case 'references':
      return <ReferenceWidget {...props} />;
    case 'dateTime':
    case 'image':
      return <MediaWidget {...props} />;
    case 'geoRule':
      return (
        <GeoRuleField
          name={props.field}
          label={props.label}
          description={props.description}
          value={isGeoRule(props.value) ? props.value : null}
          onChange={props.onChange}
          inherits={props.nullable}
          error={props.error}
          disabled={props.disabled}
        />
      );
    default:
      return <TextWidget {...props} />;
  }
}

/** Typed text: limited, long, secret, JSON, a colour, or a plain line. */
function TextWidget(props: FieldInputProps) {
  const { ui, value, onChange } = props;
  const common = commonOf(props);
  switch (ui.widget) {
    case 'limitedText':
      return (
        <LimitedTextField
          {...common}
          textLimit={ui.textLimit ?? DEFAULT_TEXT_LIMIT}
          value={text(value)}
          onChange={onChange}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={12}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'password':
      return (
        <PasswordField
          {...common}
          autoComplete="new-password"
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'color':
      return <ColorField {...common} value={text(value)} onChange={onChange} />;
    case 'json':
      return (
        <JsonInput {...common} autosize minRows={4} maxRows={16} formatOnBlur value={text(value)} onChange={onChange} />
      );
    default:
      return <TextInput {...common} value={text(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
  }
}

/** A number, a switch, or options of the field (one or several). */
function ChoiceWidget(props: FieldInputProps) {
  const { field, ui, label, value, onChange, onBlur, error, nullable, disabled, labels } = props;
  const common = commonOf(props);
  switch (ui.widget) {
    case 'number':
      return (
        <NumberInput
          {...common}
          step={ui.step ?? 1}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : '')}
        />
      );
    case 'switch':
      return (
        <Switch
          label={label}
          name={field}
          disabled={disabled}
          error={error}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
          mt="md"
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          data={(ui.options ?? []).map((option) => ({ value: option, label: labels.option(field, option) }))}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          withEmptyItem={nullable}
        />
      );
    default:
      return (
        <MultiSelect
          {...common}
          data={(ui.options ?? []).map((option) => ({ value: option, label: labels.option(field, option) }))}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={onChange}
          clearable
        />
      );
  }
}

/** A date and time, or an uploaded image. */
function MediaWidget(props: FieldInputProps) {
  const { ui, label, value, onChange, error, required, disabled } = props;
  const common = commonOf(props);
  switch (ui.widget) {
    case 'dateTime':
      return (
        <LazyDateTimeField
          {...common}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => onChange(dayjs(next).toISOString())}
        />
      );
    default:
      return (
        <ImageUploadField
          label={label}
          value={typeof value === 'string' && value ? value : null}
          onChange={onChange}
          kind={ui.imageKind ?? 'picture'}
          error={error}
          required={required}
          disabled={disabled}
        />
      );
  }
}

/** Records of another resource: tags through the tag picker, the others through a search. */
function ReferenceWidget({ ui, label, value, onChange, onBlur, error, required, disabled }: FieldInputProps) {
  // Tags are attached with the tag-picker drawer (spec §2), wherever a record takes tags.
  if (ui.widget === 'references' && ui.reference === 'tags') {
    return (
      <TagPickerField
        label={label}
        value={numbers(value)}
        onChange={onChange}
        onBlur={onBlur}
        error={error}
        required={required}
        disabled={disabled}
      />
    );
  }
  return (
    <ReferenceField
      label={label}
      reference={ui.reference ?? ''}
      multiple={ui.widget === 'references'}
      value={ui.widget === 'references' ? numbers(value) : typeof value === 'number' ? value : null}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      required={required}
      disabled={disabled}
    />
  );
}
