import { paymentOffersResource } from '@regie/contract/resources/payment-offers';
import type { AnyResource } from '../../resources/any-resource.ts';
import type { ResourceSetup } from '../../resources/customization.ts';
import { StripePriceField } from './StripePriceField.tsx';

export const paymentOffersSetup: ResourceSetup = {
  resource: paymentOffersResource as AnyResource,
  custom: { fields: { stripePriceId: { Input: StripePriceField } } },
};
