import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The title a screen gives its page instead of its section's label (the top bar's heading and the
 * browser tab): a record's edit screen shows the record's name. One at a time; it leaves with the
 * screen that set it.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function setPageTitle(title: string | null): void {
  current = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The title the screen on view asked for, if any. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** Titles the page with `title` while the calling screen is shown (null or empty: the section's label). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    const shown = title?.trim() ? title.trim() : null;
    setPageTitle(shown);
    return () => setPageTitle(null);
  }, [title]);
}

/** A record's name as people read it: its `name`, else its `title`. */
export function recordName(record: Readonly<Record<string, unknown>> | null | undefined): string | null {
  if (!record) return null;
  if (typeof record.name === 'string') return record.name;
  if (typeof record.title === 'string') return record.title;
  return null;
}

/**
 * What a screen shows beside its page's heading (an event's "Fans can watch"): one at a time, kept
 * while the screen that set it is shown. `key` names it: the same key keeps the element set first
 * (it updates itself), another replaces it.
 */
let aside: ReactNode = null;
const asideListeners = new Set<() => void>();

function setHeadingAside(next: ReactNode): void {
  aside = next;
  for (const listener of asideListeners) listener();
}

export function usePageHeadingAside(): ReactNode {
  return useSyncExternalStore(
    (listener) => {
      asideListeners.add(listener);
      return () => asideListeners.delete(listener);
    },
    () => aside,
  );
}

export function useHeadingAside(element: ReactNode, key: string): void {
  const latest = useRef(element);
  latest.current = element;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the element (it updates itself).
  useEffect(() => {
    setHeadingAside(latest.current);
    return () => setHeadingAside(null);
  }, [key]);
}
