import { describe, expect, it } from 'vitest';
import { satisfies } from './access.ts';
import { createClipBody, markerClipQuery } from './clips.schemas.ts';
import { CLIP_MAX_SECONDS, CLIP_RULE } from './clips.ts';
import { clipTemplatesResource } from './resources/clip-templates.ts';
import { type FieldUi, SYSTEM_FIELDS } from './resources/define.ts';
import { EVENT_READ_RULE, EVENT_WRITE_RULE, eventsResource, markersResource } from './resources/events.ts';

describe.each(
  [clipTemplatesResource, eventsResource, markersResource].map((resource) => [resource.name, resource] as const),
)('the %s declaration', (_, resource) => {
  const fields = Object.keys(resource.fields.shape);
  it('names only its own fields and accepts its own defaults', () => {
    expect(Object.keys(resource.ui).sort()).toEqual([...fields].sort());
    for (const field of [...resource.columns, ...resource.sortable, resource.defaultSort.field]) {
      expect([...fields, ...SYSTEM_FIELDS]).toContain(field);
    }
    expect(resource.fields.partial().safeParse({}).success).toBe(true);
    const ui: Readonly<Record<string, FieldUi | undefined>> = resource.ui;
    if (resource.parent) expect(ui[resource.parent.field]?.readOnly).toBe(true);
  });
});

describe('createClipBody', () => {
  it('wants the clip to end after it starts and to last at most CLIP_MAX_SECONDS', () => {
    expect(createClipBody.safeParse({ inSeconds: 1, outSeconds: 3 }).success).toBe(true);
    expect(createClipBody.safeParse({ inSeconds: 3, outSeconds: 3 }).success).toBe(false);
    expect(createClipBody.safeParse({ inSeconds: 0, outSeconds: CLIP_MAX_SECONDS + 0.5 }).success).toBe(false);
    expect(createClipBody.safeParse({ inSeconds: -1, outSeconds: 3 }).success).toBe(false);
    expect(createClipBody.safeParse({ inSeconds: 1, outSeconds: 3, extra: true }).success).toBe(false);
    expect(createClipBody.safeParse({ inSeconds: 1, outSeconds: 3, clipSkinId: null, clipTemplateId: 4 }).success).toBe(
      true,
    );
  });

  it('reads ?offset as seconds', () => {
    expect(markerClipQuery.parse({ offset: '7.5' })).toEqual({ offset: 7.5 });
    expect(markerClipQuery.safeParse({ offset: '-1' }).success).toBe(false);
  });
});

describe('who clips', () => {
  const who = (roles: string[], modules: string[]) => ({ roles, modules });
  it('lets live clippers, clip-only users and video writers clip with either module', () => {
    expect(satisfies(who(['clip_only'], ['STREAM_CLIPPING']), CLIP_RULE)).toBe(true);
    expect(satisfies(who(['video_write'], ['VIDEOS']), CLIP_RULE)).toBe(true);
    expect(satisfies(who(['video_download'], ['VIDEOS']), CLIP_RULE)).toBe(false);
    expect(satisfies(who(['liveclipping_write'], ['CHAT']), CLIP_RULE)).toBe(false);
  });

  it('lets clippers read events, sport player writers write them', () => {
    expect(satisfies(who(['clip_only'], ['STREAM_CLIPPING']), EVENT_READ_RULE)).toBe(true);
    expect(satisfies(who(['clip_only'], ['STREAM_CLIPPING']), EVENT_WRITE_RULE)).toBe(false);
    expect(satisfies(who(['sport_player_write'], ['SPORT_EVENTS']), EVENT_WRITE_RULE)).toBe(true);
  });
});
