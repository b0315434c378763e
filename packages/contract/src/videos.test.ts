import { describe, expect, it } from 'vitest';
import { SYSTEM_FIELDS } from './resources/define.ts';
import { videosResource } from './resources/videos.ts';
import { multipartUploadRequest, subtitleCue, subtitleJsonBody } from './videos.schemas.ts';
import { partCount, partLength, VIDEO_PART_SIZE } from './videos.ts';

describe('the videos declaration', () => {
  const fields = Object.keys(videosResource.fields.shape);

  it('names only its own fields and accepts its own defaults', () => {
    expect(Object.keys(videosResource.ui).sort()).toEqual([...fields].sort());
    const known = [...fields, ...SYSTEM_FIELDS];
    for (const field of [...videosResource.columns, ...videosResource.filters, ...videosResource.sortable]) {
      expect(known).toContain(field);
    }
    expect(videosResource.fields.partial().safeParse({}).success).toBe(true);
  });

  it('lets the server alone set what the pipeline finds out', () => {
    const writable = fields.filter((field) => !videosResource.ui[field as keyof typeof videosResource.ui].readOnly);
    expect(writable.sort()).toEqual([
      'description',
      'downloadable',
      'fansOnly',
      'geoBlocking',
      'published',
      'sportId',
      'tags',
      'title',
      'watermarkOff',
    ]);
  });

  it('reads for the media roles and writes for video_write, with the VIDEOS module', () => {
    expect(videosResource.access.read).toEqual({
      authorizedRoles: ['video_download', 'video_write', 'own_videos_only', 'use_stream'],
      requiredModules: ['VIDEOS'],
    });
    expect(videosResource.access.write).toEqual({ authorizedRoles: ['video_write'], requiredModules: ['VIDEOS'] });
  });
});

describe('upload parts', () => {
  it('cuts a file into parts of the part size, the last one shorter', () => {
    const size = 2 * VIDEO_PART_SIZE + 10;
    expect(partCount(size)).toBe(3);
    expect([1, 2, 3].map((n) => partLength(size, n))).toEqual([VIDEO_PART_SIZE, VIDEO_PART_SIZE, 10]);
    expect(partCount(VIDEO_PART_SIZE)).toBe(1);
    expect(partCount(1, 64)).toBe(1);
  });

  it('starts an upload from a name and a size', () => {
    expect(multipartUploadRequest.parse({ filename: 'a.mp4', size: 10 })).toEqual({
      filename: 'a.mp4',
      size: 10,
      contentType: 'application/octet-stream',
    });
    expect(multipartUploadRequest.safeParse({ filename: 'a.mp4', size: 0 }).success).toBe(false);
  });
});

describe('subtitles', () => {
  it('wants cues that end after they start', () => {
    expect(subtitleCue.safeParse({ start: 1, end: 2, text: 'Hi' }).data).toEqual({
      id: null,
      start: 1,
      end: 2,
      text: 'Hi',
    });
    expect(subtitleCue.safeParse({ start: 2, end: 2, text: 'Hi' }).success).toBe(false);
    expect(subtitleJsonBody.safeParse({ format: 'srt', content: '1' }).success).toBe(true);
  });
});
