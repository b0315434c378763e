/**
 * One HLS rung remuxed into an MP4 (DOWNLOAD, contract videos.ts DOWNLOAD_FILE): the streams
 * copied as they are (no second encode: the same picture, its watermark included), ADTS audio made
 * MP4's, and the index moved to the start so the file plays while it is still downloading.
 */
export function mp4RemuxArgs(playlist: string, output: string): string[] {
  return [
    '-i',
    playlist,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c',
    'copy',
    '-bsf:a',
    'aac_adtstoasc',
    '-movflags',
    '+faststart',
    output,
  ];
}
