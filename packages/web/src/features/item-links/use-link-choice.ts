import { useDebouncedValue } from '@mantine/hooks';
import type { MessageKey } from '@regie/contract/i18n/en';
import type { ItemLink, ItemType } from '@regie/contract/resources/item-links';
import { AUTOCOMPLETE_DEBOUNCE_MS } from '@regie/contract/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAction } from '../../api/action.ts';
import { isItemType, type itemLinkCalls, useItemCandidates } from '../../api/item-links.ts';
import { itemLinkKeys } from '../../api/query-keys.ts';
import { recordLabel } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceRecord } from '../../resources/any-resource.ts';

const GROUP_LABELS: Record<ItemType, MessageKey> = {
  video: 'linkedItems.group.video',
  playlist: 'linkedItems.group.playlist',
  event: 'linkedItems.group.event',
};

export const keyOf = (itemType: string, itemId: number) => `${itemType}:${itemId}`;

interface LinkChoiceOptions {
  owner: string;
  ownerId: number;
  types: readonly ItemType[];
  links: readonly ItemLink[] | null;
  calls: ReturnType<typeof itemLinkCalls>;
}

/**
 * The items drawer's side of the linked items: the candidates of each type (searched on the
 * server), the keys ticked while the drawer is open, and on closing, the links and unlinks that
 * make the record's links what was ticked.
 */
export function useLinkChoice({ owner, ownerId, types, links, calls }: LinkChoiceOptions) {
  const t = useT();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), AUTOCOMPLETE_DEBOUNCE_MS);
  const candidates = useItemCandidates(types, debounced);
  const [choosing, setChoosing] = useState<string[] | null>(null);
  const linkedKeys = (links ?? []).map((link) => keyOf(link.itemType, link.itemId));
  const groups = types
    .map((type) => ({
      id: type,
      label: t(GROUP_LABELS[type]),
      items: (candidates.get(type) ?? []).map((record: ResourceRecord) => ({
        id: keyOf(type, record.id),
        label: recordLabel(record),
      })),
    }))
    .filter((group) => group.items.length > 0);

  const apply = useAction(
    async (chosen: readonly string[]) => {
      const current = links ?? [];
      const wanted = new Set(chosen);
      for (const link of current) if (!wanted.has(keyOf(link.itemType, link.itemId))) await calls.unlink(link.id);
      const linked = new Set(linkedKeys);
      for (const key of chosen) {
        if (linked.has(key)) continue;
        const [type, id] = key.split(':');
        if (isItemType(type)) await calls.link(type, Number(id));
      }
    },
    { invalidate: [itemLinkKeys.all(owner)] },
  );

  const close = () => {
    const chosen = choosing;
    setChoosing(null);
    setSearch('');
    const unchanged = chosen && chosen.length === linkedKeys.length && chosen.every((key) => linkedKeys.includes(key));
    if (!chosen || unchanged) return;
    // A partly applied choice still shows what is linked now.
    apply.mutate(chosen, {
      onError: () => void queryClient.invalidateQueries({ queryKey: itemLinkKeys.of(owner, ownerId) }),
    });
  };

  return {
    groups,
    /** Something may be chosen: candidates, or a search that may find some. */
    offersChoice: groups.length > 0 || debounced !== '',
    choosing,
    setChoosing,
    open: () => setChoosing(linkedKeys),
    close,
    applying: apply.isPending,
    search: { value: search, onChange: setSearch },
  };
}
