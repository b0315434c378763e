/** English messages of the watermark (issue 47.4: the Playback settings' section, the video's switch), spread into en.ts. */
export const watermarkEn = {
  'resource.videos.field.watermarkOff': 'No watermark on this video',
  'resource.videos.field.watermarkVersion': 'Watermark version encoded',
  'playback.watermark.title': 'Watermark',
  'playback.watermark.intro':
    'Your logo burned into the picture of your videos and clips: every quality the player offers shows it at the same place and size. A video can turn it off in its own settings.',
  'playback.watermark.logo': 'Logo',
  'playback.watermark.logoHint':
    'A PNG with a transparent background works best (JPEG and WebP too). No logo, no watermark.',
  'playback.watermark.corner': 'Corner',
  'playback.watermark.corner.top-left': 'Top left',
  'playback.watermark.corner.top-right': 'Top right',
  'playback.watermark.corner.bottom-left': 'Bottom left',
  'playback.watermark.corner.bottom-right': 'Bottom right',
  'playback.watermark.size': 'Size (% of the picture’s width)',
  'playback.watermark.opacity': 'Opacity',
  'playback.watermark.margin': 'Margin (% of the picture’s width)',
  'playback.watermark.save': 'Save the watermark',
  'playback.watermark.saved': 'Watermark saved: videos already encoded keep their picture until they are encoded again',
  'playback.watermark.outOfDate': '{{count}} of {{total}} videos do not show the current watermark.',
  'playback.watermark.upToDate': 'Every video ({{total}}) shows the current watermark.',
  'playback.watermark.reencode': 'Re-encode the videos with the new watermark',
  'playback.watermark.reencodeHint':
    'They keep playing meanwhile: each one switches to its new picture when its encode ends.',
  'playback.watermark.queued': 'Encodes queued: {{count}}',
  'playback.watermark.encoding': 'Encoding {{count}} videos…',
  'playback.watermark.progressLabel': 'Progress of the encodes',
  'videos.edit.watermarkReencode': 'Re-encode with the account’s watermark',
  'videos.edit.watermarkQueued': 'Encode queued: the video plays meanwhile',
} as const;
