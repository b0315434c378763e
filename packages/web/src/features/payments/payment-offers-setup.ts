import { paymentOffersResource } from '@regie/contract/resources/payment-offers';
import type { ResourceSetup } from '../../resources/customization.ts';
import { StripePriceField } from './StripePriceField.tsx';

export const paymentOffersSetup: ResourceSetup = {
  resource: paymentOffersResource,
  custom: { fields: { stripePriceId: { Input: StripePriceField } } },
};
