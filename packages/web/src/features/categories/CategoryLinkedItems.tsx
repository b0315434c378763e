import { Anchor, Stack } from '@mantine/core';
import { categoriesResource } from '@regie/contract/resources/categories';
import { CATEGORY_ITEM_TYPES } from '@regie/contract/resources/item-links';
import { fillPath } from '@regie/contract/routes';
import { Link, useParams } from 'react-router';
import { useResourceRecord } from '../../api/resource-queries.ts';
import { useT } from '../../i18n/use-t.ts';
import { useResourceAccess } from '../../resources/use-resource-access.ts';
import { LinkedItemsPanel } from '../item-links/LinkedItemsPanel.tsx';
import { CATEGORY_PATHS } from './categories-setup.tsx';

const categories = categoriesResource;

/** /account/categories/{id}/linked-items: the videos and playlists a category shows. */
export function CategoryLinkedItems() {
  const t = useT();
  const id = Number(useParams().id);
  const category = useResourceRecord(categories, String(id));
  const access = useResourceAccess(categories);
  const name = String(category.data?.name ?? `#${id}`);
  return (
    <Stack gap="md" maw={980}>
      <Anchor component={Link} to={fillPath(CATEGORY_PATHS.edit, { id })} size="sm">
        {t('linkedItems.back', { name })}
      </Anchor>
      <LinkedItemsPanel
        owner="categories"
        ownerId={id}
        title={t('linkedItems.categoryTitle', { name })}
        types={CATEGORY_ITEM_TYPES}
        canWrite={access.canWrite}
      />
    </Stack>
  );
}
