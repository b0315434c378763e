/**
 * The tag picker's ordering (spec §2): tags grouped by tagType, each group with its count; the
 * typed text keeps the tags whose name contains it, sorted by where it appears in the name.
 */
export interface PickerTag {
  id: number;
  name: string;
  tagType: string;
  AccountId?: number | null;
}

export interface TagGroup<T extends PickerTag = PickerTag> {
  type: string;
  tags: T[];
  count: number;
}

/** Case and accents do not matter: 'equipe' finds 'Équipe'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/** Where the typed text starts in the name; -1 when it is not there; 0 for no text. */
export function matchPosition(name: string, query: string): number {
  const needle = foldText(query.trim());
  if (!needle) return 0;
  return foldText(name).indexOf(needle);
}

/** Groups in `typeOrder` first (the declaration's order), then any other type alphabetically. */
export function groupTags<T extends PickerTag>(
  tags: readonly T[],
  query: string,
  typeOrder: readonly string[] = [],
): TagGroup<T>[] {
  const ranked = tags
    .map((tag) => ({ tag, position: matchPosition(tag.name, query) }))
    .filter((entry) => entry.position >= 0)
    .sort((a, b) => a.position - b.position || a.tag.name.localeCompare(b.tag.name) || a.tag.id - b.tag.id);
  const byType = new Map<string, T[]>();
  for (const { tag } of ranked) byType.set(tag.tagType, [...(byType.get(tag.tagType) ?? []), tag]);
  const known = typeOrder.filter((type) => byType.has(type));
  const others = [...byType.keys()].filter((type) => !typeOrder.includes(type)).sort();
  return [...known, ...others].map((type) => {
    const grouped = byType.get(type) ?? [];
    return { type, tags: grouped, count: grouped.length };
  });
}
