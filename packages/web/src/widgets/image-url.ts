import { IMAGES_PATH } from '@regie/contract/uploads';
import { useEnvironment } from '../api/queries.ts';

/** Where a stored image key is shown: `<imagesUrl>/<key>` (contract uploads.schemas.ts). */
export function useImageUrl(): (key: string) => string {
  const { data } = useEnvironment();
  const base = data?.imagesUrl ?? IMAGES_PATH;
  return (key: string) => (/^(https?:)?\/\//.test(key) || key.startsWith('/') ? key : `${base}/${key}`);
}
