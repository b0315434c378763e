import { type KeyedMarkerType, markerTypeKeys } from '@regie/contract/markers';
import { useEffect, useMemo, useRef } from 'react';
import type { MarkerTypeView } from './marker-calls.ts';

/** Where a typed key belongs to a text field or a menu rather than to the editor. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="listbox"], [role="menu"], [role="combobox"]')) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The marker types' keys (contract markerTypeKeys: 1…9, 0 in palette order), and while mounted a
 * page-wide listener: such a key, typed anywhere but in a field, calls `onAdd` with its type.
 */
export function useMarkerTypeKeys(
  types: readonly MarkerTypeView[],
  onAdd: (type: MarkerTypeView) => void,
): KeyedMarkerType<MarkerTypeView>[] {
  const keyed = useMemo(() => markerTypeKeys(types), [types]);
  const latest = useRef(onAdd);
  latest.current = onAdd;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.repeat || isTypingTarget(event.target)) return;
      const found = keyed.find((entry) => entry.key === event.key);
      if (!found) return;
      event.preventDefault();
      latest.current(found.type);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [keyed]);
  return keyed;
}
