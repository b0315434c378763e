import { Grid } from '@mantine/core';
import { satisfies } from '@regie/contract/access';
import type { ClipSource } from '@regie/contract/clips.schemas';
import { videosResource } from '@regie/contract/resources/videos';
import { VIDEO_READ_RULE } from '@regie/contract/videos';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useResourceRecord } from '../../api/resource-queries.ts';
import { useAccessSubject } from '../../session/access.ts';
import { playbackOf } from '../videos/video-fields.ts';
import { ClipTemplatesPanel } from './ClipTemplatesPanel.tsx';
import { CutClipPanel } from './CutClipPanel.tsx';

/** `?videoId=` preselects the source (the video edit screen's 'Cut a clip'). */
const SOURCE_PARAM = 'videoId';

/** The preselected video, read with the library's rights (whoever followed the link has them). */
function usePreselected(id: string | null): ClipSource | null {
  const mayRead = satisfies(useAccessSubject(), VIDEO_READ_RULE);
  const record = useResourceRecord(videosResource, mayRead ? id : null);
  const video = record.data;
  if (!video || video.state !== 'ready') return null;
  return {
    id: video.id,
    title: String(video.title ?? ''),
    duration: typeof video.duration === 'number' ? video.duration : null,
    width: typeof video.width === 'number' ? video.width : null,
    height: typeof video.height === 'number' ? video.height : null,
    playback: playbackOf(video),
    createdAt: String(video.createdAt ?? ''),
  };
}

/**
 * /clipping/template: the account's clip templates on the left; on the right, cutting a clip
 * out of a ready video and watching it.
 */
export function ClipTemplateScreen() {
  const [params, setParams] = useSearchParams();
  const [initialId] = useState(() => params.get(SOURCE_PARAM));
  const preselected = usePreselected(initialId);
  const [source, setSource] = useState<ClipSource | null>(null);

  useEffect(() => {
    if (preselected) setSource((current) => current ?? preselected);
  }, [preselected]);

  function change(next: ClipSource | null) {
    setSource(next);
    setParams(next ? { [SOURCE_PARAM]: String(next.id) } : {}, { replace: true });
  }

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <ClipTemplatesPanel />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <CutClipPanel source={source} onSourceChange={change} />
      </Grid.Col>
    </Grid>
  );
}
