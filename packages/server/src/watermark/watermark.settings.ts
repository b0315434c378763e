import { WATERMARK_MODULE } from '@regie/contract/watermark';
import { type StoredWatermark, storedWatermark } from '@regie/contract/watermark.schemas';

/** The account's watermark as its config keeps it (contract watermark.schemas.ts); a missing or broken one is the defaults. */
export function storedWatermarkOf(config: Readonly<Record<string, unknown>> | null | undefined): StoredWatermark {
  const parsed = storedWatermark.safeParse(config?.watermark ?? {});
  return parsed.success ? parsed.data : storedWatermark.parse({});
}

/** What decides whether a video's picture carries the logo. */
export interface WatermarkInputs {
  account: { modules: readonly string[]; config: Readonly<Record<string, unknown>> | null };
  video: { watermarkOff: boolean };
}

export type BurnedWatermark = StoredWatermark & { logoKey: string };

/**
 * The watermark a video's encode burns in: the account's, when it holds WATERMARK, has a logo and
 * the video does not turn it off; else null (nothing burned in).
 */
export function watermarkToBurn({ account, video }: WatermarkInputs): BurnedWatermark | null {
  if (!account.modules.includes(WATERMARK_MODULE) || video.watermarkOff) return null;
  const watermark = storedWatermarkOf(account.config);
  return watermark.logoKey === null ? null : { ...watermark, logoKey: watermark.logoKey };
}

/** The version a video's media should carry now: the account's, or null when nothing should be burned in. */
export function expectedWatermarkVersion(inputs: WatermarkInputs): number | null {
  return watermarkToBurn(inputs)?.version ?? null;
}
