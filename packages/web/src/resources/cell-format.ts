import type { FieldUi } from '@regie/contract/resources/define';
import dayjs from 'dayjs';
import type { AnyResource } from './any-resource.ts';
import type { ResourceLabels } from './resource-labels.ts';

export const CELL_DATE_FORMAT = 'YYYY-MM-DD HH:mm';

export interface CellContext {
  labels: ResourceLabels;
  yes: string;
  no: string;
  /** Names accounts (every one for platform admins, at least the user's own); the id otherwise. */
  accountName?: (id: number) => string | undefined;
  /** What an AccountId of null means: a platform record ('shared' and 'platform' tenancies). */
  platform: string;
  /** Where a stored image key is shown. */
  imageUrl: (key: string) => string;
}

function uiOf(resource: Pick<AnyResource, 'ui'>, field: string): FieldUi | undefined {
  return resource.ui[field];
}

/** A cell as text, the way the list shows it and the CSV export writes it. */
export function cellText(
  resource: Pick<AnyResource, 'ui'>,
  field: string,
  value: unknown,
  context: CellContext,
): string {
  if (field === 'AccountId' && value === null) return context.platform;
  if (value === null || value === undefined || value === '') return '';
  if (field === 'createdAt' || field === 'updatedAt') return dayjs(String(value)).format(CELL_DATE_FORMAT);
  if (field === 'AccountId' && typeof value === 'number') return context.accountName?.(value) || `#${value}`;
  const ui = uiOf(resource, field);
  switch (ui?.widget) {
    case 'dateTime': {
      const date = dayjs(String(value));
      return date.isValid() ? date.format(CELL_DATE_FORMAT) : String(value);
    }
    case 'select':
      return context.labels.option(field, String(value));
    case 'multiSelect':
      return Array.isArray(value) ? value.map((item) => context.labels.option(field, String(item))).join(', ') : '';
    case 'switch':
      return value === true ? context.yes : context.no;
    case 'json':
      return JSON.stringify(value);
    default:
      return Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  }
}
