import type { MessageKey } from '@regie/contract/i18n/en';
import {
  type DateBucket,
  type EntityName,
  type FieldType,
  OPERATORS_BY_TYPE,
  type Operator,
  QUERY_ENTITIES,
  type QueryField,
} from '@regie/contract/query-builder';
import type { Field } from 'react-querybuilder';
import type { Translate } from '../../../i18n/use-t.ts';

/** The label of each operator (react-querybuilder's names are symbols or camelCase). */
export const OPERATOR_KEYS: Readonly<Record<Operator, MessageKey>> = {
  '=': 'queryBuilder.operator.eq',
  '!=': 'queryBuilder.operator.ne',
  '<': 'queryBuilder.operator.lt',
  '<=': 'queryBuilder.operator.le',
  '>': 'queryBuilder.operator.gt',
  '>=': 'queryBuilder.operator.ge',
  between: 'queryBuilder.operator.between',
  notBetween: 'queryBuilder.operator.notBetween',
  contains: 'queryBuilder.operator.contains',
  doesNotContain: 'queryBuilder.operator.doesNotContain',
  beginsWith: 'queryBuilder.operator.beginsWith',
  endsWith: 'queryBuilder.operator.endsWith',
  in: 'queryBuilder.operator.in',
  notIn: 'queryBuilder.operator.notIn',
  null: 'queryBuilder.operator.null',
  notNull: 'queryBuilder.operator.notNull',
};

export const ENTITY_KEYS: Readonly<Record<EntityName, MessageKey>> = {
  fans: 'queryBuilder.entity.fans',
  events: 'queryBuilder.entity.events',
  videos: 'queryBuilder.entity.videos',
  plays: 'queryBuilder.entity.plays',
  clips: 'queryBuilder.entity.clips',
  users: 'queryBuilder.entity.users',
};

export const BUCKET_KEYS: Readonly<Record<DateBucket, MessageKey>> = {
  day: 'queryBuilder.bucket.day',
  week: 'queryBuilder.bucket.week',
  month: 'queryBuilder.bucket.month',
};

/** A label key named by the contract's data (field labels, enum values). */
export const dataKey = (key: string) => key as MessageKey;

const INPUT_TYPES: Readonly<Record<FieldType, string>> = {
  text: 'text',
  number: 'number',
  date: 'date',
  boolean: 'text',
  enum: 'text',
};

export function fieldsOf(entity: EntityName): readonly QueryField[] {
  return QUERY_ENTITIES[entity];
}

/** The entity's fields as react-querybuilder fields: label, operators and value editor by type. */
export function builderFields(entity: EntityName, t: Translate): Field[] {
  return fieldsOf(entity).map((field) => {
    const values =
      field.type === 'boolean'
        ? [
            { name: 'true', value: 'true', label: t('queryBuilder.yes') },
            { name: 'false', value: 'false', label: t('queryBuilder.no') },
          ]
        : (field.values ?? []).map((value) => ({
            name: value,
            value,
            label: t(dataKey(`queryBuilder.value.${value}`)),
          }));
    const choosing = field.type === 'boolean' || field.type === 'enum';
    return {
      name: field.name,
      value: field.name,
      label: t(dataKey(field.labelKey)),
      inputType: INPUT_TYPES[field.type],
      operators: OPERATORS_BY_TYPE[field.type].map((operator) => ({
        name: operator,
        value: operator,
        label: t(OPERATOR_KEYS[operator]),
      })),
      ...(choosing ? { valueEditorType: 'select' as const, values, defaultValue: values[0]?.name ?? '' } : {}),
    };
  });
}
