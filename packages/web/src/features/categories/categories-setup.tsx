import { Button, Group } from '@mantine/core';
import { categoriesResource } from '@regie/contract/resources/categories';
import { subcategoriesResource } from '@regie/contract/resources/subcategories';
import { fillPath } from '@regie/contract/routes';
import { IconListDetails } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { NestedResourceList } from '../../resources/NestedResourceList.tsx';

/** Where the category pages are (contract menu.ts account/categories). */
export const CATEGORY_PATHS = {
  list: '/account/categories/list',
  edit: '/account/categories/edit/:id',
  linkedItems: '/account/categories/:id/linked-items',
  subcategoryNew: '/account/categories/subcategories/new',
  subcategoryEdit: '/account/categories/subcategories/edit/:id',
} as const;

const subcategories = subcategoriesResource;

/** Under a category's form: the way to its linked items, and its subcategories. */
function CategoryChildren({ record, canWrite }: TabPanelProps) {
  const t = useT();
  return (
    <>
      <Group>
        <Button
          component={Link}
          to={fillPath(CATEGORY_PATHS.linkedItems, { id: record.id })}
          variant="light"
          leftSection={<IconListDetails size={16} aria-hidden />}
        >
          {t('menu.account.categories.linkedItems')}
        </Button>
      </Group>
      <NestedResourceList
        resource={subcategories}
        parentId={record.id}
        parentField="categoryId"
        canWrite={canWrite}
        editHref={(id) => fillPath(CATEGORY_PATHS.subcategoryEdit, { id })}
      />
    </>
  );
}

export const categoriesSetup: ResourceSetup = {
  resource: categoriesResource,
  custom: { BelowForm: CategoryChildren },
};

/** Subcategories have their own new and edit pages under the categories (no list of their own). */
export const subcategoriesSetup: ResourceSetup = { resource: subcategories };
