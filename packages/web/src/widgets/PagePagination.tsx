import { Pagination } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';

const PAGE_CONTROLS = {
  first: 'resource.common.firstPage',
  previous: 'resource.common.previousPage',
  next: 'resource.common.nextPage',
  last: 'resource.common.lastPage',
} as const;

/** Pages of a list (from 1), every button named for screen readers. */
export function PagePagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const t = useT();
  return (
    <Pagination
      total={total}
      value={Math.min(value, total)}
      onChange={onChange}
      size="sm"
      withEdges
      aria-label={t('resource.common.pagination')}
      getItemProps={(page) => ({ 'aria-label': t('resource.common.page', { page }) })}
      getControlProps={(control) => ({ 'aria-label': t(PAGE_CONTROLS[control]) })}
    />
  );
}
