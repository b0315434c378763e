// `npm run bench:live`, clips part: an event is live (one 720p camera, 1 s segments, pushed by the
// cheap publisher: the pre-encoded file in a loop, -c copy) and the last CLIP_SECONDS of it are
// clipped BENCH_LIVE_CLIPS times (5 by default), in a skin (pre-roll and post-roll images of
// 1 s, an overlay in a corner), one after the other, each once its studio has no job due (the
// previous one's done; the removal of its replaced copy, scheduled an hour on, is no work in hand):
//  (a) instant clip → playable: from the POST events/{id}/live-clips call to the clip playable
//      as a player finds it: GET videos/{id} (polled every 100 ms) answers it ready with its
//      playback URL, and its master playlist, media playlist and first segment are fetched.
//      Aim ≤ one segment + 1 s (2 s).
//  (b) frame-accurate skinned clip ÷ bare ffmpeg: the phase-2 job (live.clip-render: the segments
//      joined again, made an MP4, probed, cut frame-accurately in the skin, stored), from its row's
//      creation to its end (job timestamps), ÷ the bare skinned ffmpeg command on the same joined
//      segments: the clip's segments fetched from the input's DVR playlist (the ones the job
//      takes: overlapping its from–to), joined and remuxed as the job does, then the cut and skin
//      with the server's own argument builder (skinnedClipArgs, bundled with esbuild) and the same
//      images; only that last run is the baseline. Each bare run follows its Regie clip, the live
//      still on (same load). Aim ≤ 1.2. "Whole bare" adds the join and remux (the job's full
//      work); "→ replaced" is the call to the encode of the cut done (its HLS replacing the copy).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jobsDue, median, runTool, serverModules, setting, timed, until } from './lib.mjs';
import {
  colourPng,
  download,
  fetchText,
  liveInput,
  onServer,
  playlistSegments,
  pushFile,
  sleep,
  stop,
  studio,
} from './live-support.mjs';

// BENCH_SMOKE=1: 2 clips, so that the second waits for no job due after the first (whose
// replaced copy's removal is scheduled an hour on: a bench waiting for no job at all never ends).
const CLIPS = Number(setting('BENCH_LIVE_CLIPS', 5, 2));
const CLIP_SECONDS = 8;
const SEGMENT_SECONDS = 1;
const ROLL_SECONDS = 1;

/** POST uploads/images (kind skin): the image's storage key. */
async function uploadSkinImage(url, token, file) {
  const form = new FormData();
  form.append('kind', 'skin');
  form.append('file', new Blob([await readFile(file)], { type: 'image/png' }), 'skin.png');
  const response = await fetch(`${url}/main-api/uploads/images`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'accept-version': 'v6' },
    body: form,
  });
  if (!response.ok) throw new Error(`skin image upload: ${response.status} ${await response.text()}`);
  return (await response.json()).key;
}

async function jobDone(api, id, what) {
  return until(
    async () => {
      const job = await api('GET', `/main-api/jobs/${id}`);
      if (job.state === 'failed') throw new Error(`${what} failed: ${job.lastError}`);
      return job.state === 'done' ? job : null;
    },
    what,
    { timeoutMs: 5 * 60_000, intervalMs: 200 },
  );
}

/** The clip as a player gets it: ready with a URL, its master, media playlist and first segment fetched. */
export async function playable(url, api, videoId, work) {
  const video = await until(
    async () => {
      const current = await api('GET', `/main-api/videos/${videoId}`);
      if (current.state === 'failed') throw new Error(`the live clip failed: ${current.failureReason}`);
      return current.state === 'ready' && current.playback?.hlsUrl ? current : null;
    },
    'the instant clip',
    { timeoutMs: 60_000, intervalMs: 100 },
  );
  const master = onServer(url, video.playback.hlsUrl);
  const variant = new URL(playlistSegments(await fetchText(master))[0]?.uri ?? '', master).href;
  const first = playlistSegments(await fetchText(variant))[0];
  if (!first) throw new Error(`the clip's playlist ${variant} lists no segment`);
  await download(new URL(first.uri, variant).href, join(work, 'instant-first.ts'));
  return video;
}

/** The bare run's source: the segments the job takes (overlapping from–to), joined and remuxed as it does. */
async function bareSource(url, media, dvrUrl, payload, work) {
  const from = Date.parse(payload.from);
  const to = Date.parse(payload.to);
  const segments = playlistSegments(await fetchText(dvrUrl)).filter(
    (segment) => segment.programDate < to && segment.programDate + segment.duration * 1000 > from,
  );
  if (segments.length === 0) throw new Error('no DVR segment in the clip range');
  const files = [];
  for (const [index, segment] of segments.entries()) {
    const file = join(work, `bare-segment-${index}.ts`);
    await download(onServer(url, new URL(segment.uri, dvrUrl).href), file);
    files.push(file);
  }
  const joined = join(work, 'bare-source.ts');
  const source = join(work, 'bare-source.mp4');
  const prepare = async () => {
    const common = media.FFMPEG_COMMON_ARGS;
    await runTool('ffmpeg', [
      ...common,
      '-i',
      `concat:${files.join('|')}`,
      '-map',
      '0',
      '-c',
      'copy',
      '-f',
      'mpegts',
      joined,
    ]);
    await runTool('ffmpeg', [...common, '-i', joined, '-map', '0', '-c', 'copy', '-movflags', '+faststart', source]);
    return media.parseProbeOutput(await runTool('ffprobe', media.probeArgs(source), { capture: true }));
  };
  const { ms: prepareMs, result: metadata } = await timed(prepare);
  const first = segments[0].programDate;
  const recorded = segments.reduce((sum, segment) => sum + segment.duration, 0);
  const range = {
    inSeconds: Math.max(0, (from - first) / 1000),
    outSeconds: Math.min(metadata.durationSeconds, (to - first) / 1000, recorded),
  };
  return { source, metadata, range, prepareMs };
}

export async function measureClips({ url, work, published }) {
  const media = await serverModules(work, [
    "export { skinnedClipArgs, skinnedDuration } from './src/clips/skin.args.ts';",
    "export { FFMPEG_COMMON_ARGS } from './src/media/ffmpeg.runner.ts';",
    "export { probeArgs, parseProbeOutput } from './src/media/ffprobe.service.ts';",
  ]);
  const { api, token } = await studio(url, `Bench clips ${Date.now().toString(36)}`);
  const images = {
    overlay: await colourPng(work, 'red', '256x144'),
    preRoll: await colourPng(work, 'blue', '1280x720'),
    postRoll: await colourPng(work, 'lime', '1280x720'),
  };
  const skin = await api('POST', '/main-api/clip-skins', {
    name: 'Bench skin',
    overlayKey: await uploadSkinImage(url, token, images.overlay),
    preRollKey: await uploadSkinImage(url, token, images.preRoll),
    postRollKey: await uploadSkinImage(url, token, images.postRoll),
    overlayPosition: 'top-right',
    rollSeconds: ROLL_SECONDS,
  });
  const input = await liveInput(api, 'Clips camera', `${SEGMENT_SECONDS}s`);
  const event = await api('POST', '/main-api/events', {
    name: `Bench live clips ${Date.now().toString(36)}`,
    state: 'upcoming',
    activatedModules: ['AWS_STREAM', 'DVR'],
  });
  await api('POST', '/main-api/awsstreams/cameras', { eventId: event.id, inputId: input.id });
  // The encoder starts after: going live before it receives is confirmed.
  await api('POST', `/main-api/events/${event.id}/start-live`, { withoutCamera: true });
  const publisher = pushFile(published, input.publishUrl);
  const idle = () => until(async () => !(await jobsDue(api)), 'no job due', { timeoutMs: 5 * 60_000, intervalMs: 500 });
  const runs = [];
  try {
    const windowPath = `/main-api/events/${event.id}/live-clips/window`;
    console.log(`Live clips: the event is live, ${CLIP_SECONDS + 4} s recorded first…`);
    await until(
      async () => {
        const window = await api('GET', windowPath).catch(() => null);
        return window && window.toSeconds >= CLIP_SECONDS + 4;
      },
      'the live window',
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    const dvrUrl = onServer(url, input.playback.dvrUrl);
    for (let index = 0; index < CLIPS; index += 1) {
      await idle();
      const window = await api('GET', windowPath);
      const started = performance.now();
      const { video, job } = await api('POST', `/main-api/events/${event.id}/live-clips`, {
        inSeconds: window.toSeconds - CLIP_SECONDS,
        outSeconds: window.toSeconds,
        clipSkinId: skin.id,
        title: `Bench clip ${index + 1}`,
      });
      await playable(url, api, video.id, work);
      const playableMs = performance.now() - started;
      const copy = await jobDone(api, job.id, 'the instant copy');
      const render = await jobDone(api, copy.result.renderJobId, 'the skinned cut');
      await jobDone(api, render.result.encodeJobId, 'the encode of the cut');
      const replacedMs = performance.now() - started;
      const renderMs = Date.parse(render.finishedAt) - Date.parse(render.createdAt);
      const bare = await bareSource(url, media, dvrUrl, render.payload, work);
      const options = {
        input: bare.source,
        output: join(work, 'bare-clip.mp4'),
        ...bare.range,
        width: bare.metadata.width,
        height: bare.metadata.height,
        fps: bare.metadata.fps,
        hasAudio: bare.metadata.hasAudio,
        preRoll: images.preRoll,
        postRoll: images.postRoll,
        overlay: { image: images.overlay, position: skin.overlayPosition, opacity: skin.overlayOpacity },
        rollSeconds: skin.rollSeconds,
        graphics: [],
      };
      const bareSkinned = await timed(() =>
        runTool('ffmpeg', [...media.FFMPEG_COMMON_ARGS, ...media.skinnedClipArgs(options)]),
      );
      // The same work: Regie's cut lasts what the bare one does (rolls included), within a frame.
      const bareSeconds = media.skinnedDuration(options);
      if (Math.abs(bareSeconds - render.result.durationSeconds) > 0.041) {
        throw new Error(`Regie cut ${render.result.durationSeconds} s, the bare run ${bareSeconds} s`);
      }
      runs.push({
        playableMs,
        renderMs,
        replacedMs,
        bareMs: bareSkinned.ms,
        bareWholeMs: bare.prepareMs + bareSkinned.ms,
        seconds: bareSeconds,
      });
      console.log(
        `  clip ${index + 1}: playable ${(playableMs / 1000).toFixed(2)} s, skinned cut ${(renderMs / 1000).toFixed(2)} s (bare ${(bareSkinned.ms / 1000).toFixed(2)} s)`,
      );
    }
  } finally {
    await stop(publisher);
  }
  await sleep(2_000);
  const at = (key) => median(runs.map((run) => run[key]));
  return [
    {
      measure: `instant live clip (${CLIP_SECONDS} s, ${SEGMENT_SECONDS} s segments) → playable, median of ${runs.length}`,
      's (median)': (at('playableMs') / 1000).toFixed(2),
      's (worst)': (Math.max(...runs.map((run) => run.playableMs)) / 1000).toFixed(2),
      aim: `≤ ${SEGMENT_SECONDS + 1} s`,
    },
    {
      measure: `frame-accurate skinned clip (${at('seconds').toFixed(2)} s with rolls) ÷ bare ffmpeg`,
      'Regie job s': (at('renderMs') / 1000).toFixed(2),
      'bare skinned ffmpeg s': (at('bareMs') / 1000).toFixed(2),
      'ratio (aim ≤ 1.2)': (at('renderMs') / at('bareMs')).toFixed(3),
      'whole bare (join + remux + skin) s': (at('bareWholeMs') / 1000).toFixed(2),
      'ratio to whole bare': (at('renderMs') / at('bareWholeMs')).toFixed(3),
      'call → replaced (encoded) s': (at('replacedMs') / 1000).toFixed(2),
    },
  ];
}
