import { useCallback, useState } from 'react';
import type { AnyResource } from './any-resource.ts';
import { formFields } from './form-state.ts';

/**
 * The columns a list may show: the declared ones first, then the other readable fields and the
 * system fields. The user's choice is kept per resource in localStorage.
 */
export function availableColumns(resource: Pick<AnyResource, 'columns' | 'ui'>, withAccount: boolean): string[] {
  const readable = formFields(resource).filter((field) => {
    const ui = resource.ui[field];
    return ui && !ui.writeOnly && ui.widget !== 'password';
  });
  const all = [...resource.columns, ...readable, 'id', 'createdAt', 'updatedAt', ...(withAccount ? ['AccountId'] : [])];
  return [...new Set(all)];
}

export function columnsStorageKey(resourceName: string): string {
  return `regie.columns.${resourceName}`;
}

/** The stored choice, kept to the columns that still exist and in their order; else the default. */
export function readColumnChoice(
  raw: string | null,
  available: readonly string[],
  fallback: readonly string[],
): string[] {
  try {
    const stored: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(stored)) {
      const chosen = available.filter((column) => stored.includes(column));
      if (chosen.length > 0) return chosen;
    }
  } catch {
    // A damaged value is as good as none.
  }
  return available.filter((column) => fallback.includes(column));
}

export function useColumnChoice(resource: Pick<AnyResource, 'name' | 'columns' | 'ui'>, withAccount: boolean) {
  const available = availableColumns(resource, withAccount);
  const key = columnsStorageKey(resource.name);
  const defaults = withAccount ? [...resource.columns, 'AccountId'] : resource.columns;
  const [visible, setVisible] = useState(() => readColumnChoice(window.localStorage.getItem(key), available, defaults));
  const choose = useCallback(
    (columns: readonly string[]) => {
      // At least one column stays, or the rows could not be opened.
      if (columns.length === 0) return;
      const ordered = available.filter((column) => columns.includes(column));
      window.localStorage.setItem(key, JSON.stringify(ordered));
      setVisible(ordered);
    },
    [available, key],
  );
  const reset = useCallback(() => {
    window.localStorage.removeItem(key);
    setVisible(available.filter((column) => defaults.includes(column)));
  }, [available, defaults, key]);
  return { available, visible: visible.filter((column) => available.includes(column)), choose, reset };
}

/**
 * The column that names a record: the first search field on screen (a category's name, not its
 * position), else the first column. It carries the row's link and the row checkbox's label.
 */
export function titleColumn(resource: Pick<AnyResource, 'search'>, columns: readonly string[]): string | undefined {
  return resource.search.find((field) => columns.includes(field)) ?? columns[0];
}
