import { useEffect } from 'react';
import { useT } from '../i18n/use-t.ts';

/** The browser tab's title: the page, then the product. */
export function useDocumentTitle(page: string | null): void {
  const t = useT();
  useEffect(() => {
    document.title = page ? `${page} · ${t('app.name')}` : t('app.name');
  }, [page, t]);
}
