import { PRODUCT_ITEM_TYPES } from '@regie/contract/resources/item-links';
import { productPaymentOffersResource, productsResource } from '@regie/contract/resources/products';
import { useT } from '../../i18n/use-t.ts';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { NestedResourceList } from '../../resources/NestedResourceList.tsx';
import { LinkedItemsPanel } from '../item-links/LinkedItemsPanel.tsx';
import { ProductFans } from './ProductFans.tsx';

const productOffers = productPaymentOffersResource;

/** Under the infos form: the offers the product is sold through. */
function ProductOffers({ record, canWrite, tab }: TabPanelProps & { tab: string | null }) {
  if (tab !== 'infos') return null;
  return <NestedResourceList resource={productOffers} parentId={record.id} canWrite={canWrite} />;
}

/** The items tab: what the product unlocks (events, videos). */
function ProductItems({ record, canWrite }: TabPanelProps) {
  const t = useT();
  return (
    <LinkedItemsPanel
      owner="products"
      ownerId={record.id}
      title={t('linkedItems.productTitle', { name: String(record.name ?? `#${record.id}`) })}
      types={PRODUCT_ITEM_TYPES}
      canWrite={canWrite}
    />
  );
}

export const productsSetup: ResourceSetup = {
  resource: productsResource,
  custom: { BelowForm: ProductOffers, tabPanels: { items: ProductItems, fans: ProductFans } },
};
