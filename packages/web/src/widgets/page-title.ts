import { useEffect, useSyncExternalStore } from 'react';

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
