import { HLS_MASTER_PLAYLIST } from '@regie/contract/media';
import { DOWNLOAD_FILE, SUBTITLE_LANGUAGES, type SubtitleLanguage } from '@regie/contract/videos';

/**
 * Where a video's files live in storage: everything under `videos/{accountId}/{videoId}/`, so a
 * video is deleted by deleting its folder and a key names the account it belongs to.
 *
 *   original.{ext}                 the uploaded or imported file, as it came
 *   hls/master.m3u8                HLS master playlist; hls/{rung}/index.m3u8 and segments
 *   poster.jpg
 *   storyboard/sprite.jpg          thumbnails tiled in one image, and its WebVTT
 *   storyboard/storyboard.vtt
 *   subtitles/{language}.vtt
 *   renditions/{aspect}/{n}/       the video in another aspect (issue 42): hls/…, video.mp4, poster.jpg
 */
export function videoFolder(accountId: number, videoId: number): string {
  return `videos/${accountId}/${videoId}/`;
}

/** The original's extension from its file name: lowercase letters and digits, else `bin`. */
export function originalExtension(filename: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(filename.trim());
  return match?.[1]?.toLowerCase() ?? 'bin';
}

export function originalKey(accountId: number, videoId: number, filename: string): string {
  return `${videoFolder(accountId, videoId)}original.${originalExtension(filename)}`;
}

/** A skinned clip's cut without its skin (videos.clip_clean_key): what its other aspects are made from. */
export const cleanCutKey = (accountId: number, videoId: number) => `${videoFolder(accountId, videoId)}clean.mp4`;

export const hlsFolder = (accountId: number, videoId: number) => `${videoFolder(accountId, videoId)}hls/`;
export const hlsMasterKey = (accountId: number, videoId: number) =>
  `${hlsFolder(accountId, videoId)}${HLS_MASTER_PLAYLIST}`;
export const posterKey = (accountId: number, videoId: number) => `${videoFolder(accountId, videoId)}poster.jpg`;
/** The fans' MP4 (DOWNLOAD): the top rung remuxed by the encode. */
export const downloadKey = (accountId: number, videoId: number) => `${videoFolder(accountId, videoId)}${DOWNLOAD_FILE}`;
export const storyboardSpriteKey = (accountId: number, videoId: number) =>
  `${videoFolder(accountId, videoId)}storyboard/sprite.jpg`;
export const storyboardVttKey = (accountId: number, videoId: number) =>
  `${videoFolder(accountId, videoId)}storyboard/storyboard.vtt`;
export const subtitleKey = (accountId: number, videoId: number, language: SubtitleLanguage) =>
  `${videoFolder(accountId, videoId)}subtitles/${language}.vtt`;

/** The subtitle languages a video has, in the contract's order. */
export function subtitleLanguagesOf(video: { subtitleLanguages: readonly string[] | null }): SubtitleLanguage[] {
  return SUBTITLE_LANGUAGES.filter((language) => video.subtitleLanguages?.includes(language));
}

export interface MediaKey {
  accountId: number;
  videoId: number;
  /** Inside the video's folder: `hls/360p/segment_000.ts`. */
  path: string;
  kind: 'playlist' | 'segment' | 'image' | 'storyboard' | 'subtitles' | 'download';
}

const SUBTITLES = new RegExp(`^subtitles/(${SUBTITLE_LANGUAGES.join('|')})\\.vtt$`);
const HLS_FILE = /^hls\/(?:[a-z0-9_-]+\/)?[a-z0-9_-]+\.(m3u8|ts|m4s|mp4)$/i;
/** A render of a rendition in another aspect (vertical/renditions.service.ts renditionFolder). */
const RENDITION_FILE =
  /^renditions\/[0-9a-z]{3,4}\/[0-9]{1,9}\/(?:hls\/(?:[a-z0-9_-]+\/)?[a-z0-9_-]+\.(m3u8|ts|m4s|mp4)|video\.(mp4)|poster\.(jpg))$/i;

/**
 * A key the media route serves: an encoded file of a video (never its original, which only the
 * download route gives, to the roles that may download). Null for anything else.
 */
export function parseMediaKey(key: string): MediaKey | null {
  const match = /^videos\/([1-9][0-9]{0,9})\/([1-9][0-9]{0,9})\/(.+)$/.exec(key);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const path = match[3];
  const base = { accountId: Number(match[1]), videoId: Number(match[2]), path };
  const hls = HLS_FILE.exec(path);
  if (hls) return { ...base, kind: hls[1]?.toLowerCase() === 'm3u8' ? 'playlist' : 'segment' };
  if (path === 'poster.jpg' || path === 'storyboard/sprite.jpg') return { ...base, kind: 'image' };
  const rendition = RENDITION_FILE.exec(path);
  if (rendition) {
    if (rendition[3]) return { ...base, kind: 'image' };
    return { ...base, kind: rendition[1]?.toLowerCase() === 'm3u8' ? 'playlist' : 'segment' };
  }
  if (path === 'storyboard/storyboard.vtt') return { ...base, kind: 'storyboard' };
  if (path === DOWNLOAD_FILE) return { ...base, kind: 'download' };
  if (SUBTITLES.test(path)) return { ...base, kind: 'subtitles' };
  return null;
}
