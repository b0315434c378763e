import { Alert, Stack, TextInput } from '@mantine/core';
import {
  STRIPE_OFFERS_LIMIT,
  STRIPE_PRICES_PATH,
  type StripePrice,
  type StripePricesResponse,
} from '@regie/contract/payments';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.ts';
import { ApiError } from '../../api/client.ts';
import { paymentKeys } from '../../api/query-keys.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';
import type { FieldInputProps } from '../../resources/FieldInput.tsx';
import { SelectField } from '../../widgets/SelectField.tsx';

const INTERVALS = {
  day: 'stripe.interval.day',
  week: 'stripe.interval.week',
  month: 'stripe.interval.month',
  year: 'stripe.interval.year',
} as const;

/** 'Riverside TV · Season pass · 99.00 EUR per year' */
export function stripePriceLabel(price: StripePrice, t: Translate): string {
  const amount = price.unitAmount === null ? '—' : (price.unitAmount / 100).toFixed(2);
  const period = price.interval ? t(INTERVALS[price.interval]) : t('stripe.oneTime');
  return [price.productName ?? price.productId, price.nickname, `${amount} ${price.currency} ${period}`]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A payment offer's Stripe price: chosen among the active prices of the Stripe catalogue (GET
 * paymentOffers/stripe?active=true&limit=100). When Stripe is not configured (503) or does not
 * answer, the id is typed instead, and the field says why.
 */
export function StripePriceField({ field, label, value, onChange, onBlur, error, disabled }: FieldInputProps) {
  const t = useT();
  const client = useApi();
  const prices = useQuery({
    queryKey: paymentKeys.stripePrices,
    queryFn: ({ signal }) =>
      client.get<StripePricesResponse>(STRIPE_PRICES_PATH, { active: true, limit: STRIPE_OFFERS_LIMIT }, { signal }),
    retry: false,
    staleTime: 60_000,
  });
  const text = typeof value === 'string' ? value : '';
  if (prices.isSuccess) {
    const data = prices.data.data.map((price) => ({ value: price.id, label: stripePriceLabel(price, t) }));
    // A stored id that is no longer an active price stays visible.
    if (text && !data.some((option) => option.value === text)) data.unshift({ value: text, label: text });
    return (
      <SelectField
        label={label}
        name={field}
        data={data}
        value={text || null}
        onChange={(next) => onChange(next ?? null)}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
        withEmptyItem
        searchable
      />
    );
  }
  const notConfigured = prices.error instanceof ApiError && prices.error.status === 503;
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        name={field}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        disabled={disabled}
        placeholder="price_…"
      />
      {prices.isError && (
        <Alert variant="light" color={notConfigured ? 'gray' : 'yellow'} icon={<IconInfoCircle aria-hidden />} p="xs">
          {notConfigured ? t('stripe.notConfigured') : t('stripe.failed', { message: prices.error.message })}
        </Alert>
      )}
    </Stack>
  );
}
