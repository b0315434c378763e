// `npm run bench:social` (issue 41): publishing to the social platforms, through the local
// stand-ins this server mounts at /local-social (the platforms' own API calls), on the demo's club
// account, whose producer has every platform linked (seed/social.seed.ts); the club's usermanager
// first adds the producer to its Media and Live desk groups (upload videos, put an event on air).
// Figures are printed, never asserted.
//  (a) goal → published: a clip rule of the producer on the club's Goal marker type, 15 s before
//      and 5 s after (a 20 s clip), publishes each clip at once ('direct') to TikTok (9:16: its
//      rendition is rendered first) and YouTube (16:9, the clip's own), captioned from a template
//      (the club's other rules on goals are turned off for the run: one clip a goal). An event is
//      mapped to a StatsBomb match whose feed this bench serves on 127.0.0.1, subscribed to every
//      5 s; BENCH_SOCIAL_GOALS times (5) the feed grows by one goal, and each goal's publications
//      are followed until published: the end to end (the later of the two), each publication's
//      stages (contract PUBLICATION_STAGES) and the jobs about its clip, as seconds after the feed
//      grew, median and worst. Aim: both published ≤ 30 s after the goal entered the feed.
//      BENCH_SOCIAL_SOURCE: 'live' (the event on air: one 720p camera, 1 s segments, the live
//      bench's cheap publisher; goals at the live's current second; the rule waits by design for
//      its 5 s after plus LIVE_SETTLE_SECONDS), 'replay' (the event's videoId an uploaded 720p
//      video made with lavfi, ready; goals 10 s apart in it), or 'auto' (the default: live, and
//      when a live publication fails, the failure is said and the replay measured too).
//  (b) queue: one short video (BENCH_SOCIAL_SECONDS, 10 s, 720p, made with lavfi, uploaded and
//      encoded first, its 9:16 rendition rendered first too), published BENCH_SOCIAL_QUEUE times
//      (50) at once over the 6 platforms (Instagram and TikTok in 9:16, the others in the video's
//      16:9), each publication with a tag of its own in its title and caption: the time from the
//      first POST to the last one uploaded and published, and each post found exactly once on its
//      platform (the stand-ins' own list APIs). Its throughput ÷ the baseline's: the same posts
//      (same files: the upload and the rendition's MP4) made bare from this process with fetch and
//      the platforms' documented calls (YouTube's resumable upload, Facebook's start/transfer/
//      finish, an Instagram Reels container fetched from this bench, X's INIT/APPEND/FINALIZE/
//      STATUS then the post, OAuth 1.0a-signed, Dailymotion's upload URL then the video, TikTok's
//      init/PUT/status), as many at a time as the server runs publication steps (its workers and
//      the light lane's loop: REGIE_WORKERS + 1), each post's processing then
//      asked every second off the upload slot (X's check_after_secs). Aim ≥ 0.8. A warm-up round
//      (one post a platform, both ways) comes first, not counted.
// REGIE_WORKERS (default 1) goes to the server as given: its in-process workers (plus the light
// lane's loop, which takes publications only), and the bare client's slots are as many.
// REGIE_SERVER_DIST names the server bundle folder. BENCH_SMOKE=1: one goal, 12 publications of a
// 4 s video.
import { createHmac, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { footballId, liveMatch } from './feed-support.mjs';
import {
  apiClient,
  freePort,
  jobsDue,
  median,
  printTable,
  runTool,
  serverDist,
  serverModules,
  setting,
  signIn,
  startRegie,
  until,
  uploadFile,
  waitUntilIdle,
} from './lib.mjs';
import { liveInput, prerecorded, pushFile, sleep, stop } from './live-support.mjs';

const GOALS = Number(setting('BENCH_SOCIAL_GOALS', 5, 1));
const QUEUE = Number(setting('BENCH_SOCIAL_QUEUE', 50, 12));
const QUEUE_SECONDS = Number(setting('BENCH_SOCIAL_SECONDS', 10, 4));
const INTERVAL = 5;
/**
 * (a)'s event: 'auto' (a live event; if its publications fail, a replay event too), 'live' or
 * 'replay' (an event whose videoId is an uploaded video, ready).
 */
const SOURCE = setting('BENCH_SOCIAL_SOURCE', 'auto', 'auto');
const SEGMENT_SECONDS = 1;
/** A 20 s clip: the build-up and the celebration. */
const RULE = { beforeSeconds: 15, afterSeconds: 5 };
const CAPTION_TEMPLATE = "{home} {score} {away} – {player} {minute}'";
const RULE_TARGETS = ['tiktok', 'youtube'];
/** The server's in-process workers, as given (the server's default is 1). */
const WORKERS = Number(process.env.REGIE_WORKERS || 1);
/** How many publication steps the server runs at once: its workers' loops and the light lane's (jobs.boss.ts). */
const PUBLISH_SLOTS = WORKERS + 1;
/** How often the bare client asks a platform whether a post is processed (X's check_after_secs). */
const BARE_POLL_MS = 1000;
const AIM_END_TO_END_S = 30;
const AIM_RATIO = 0.8;
/** Instagram and TikTok take no 16:9 here: their publications are in 9:16 (the rendition). */
const VERTICAL = new Set(['instagram', 'tiktok']);

const work = await mkdtemp(join(tmpdir(), 'regie-bench-social-'));
/** This run's tag in every title: the platforms' lists hold nothing else of ours. */
const RUN = randomBytes(3).toString('hex');

const modules = await serverModules(work, [
  "export { localGrant } from './src/social/local/grants.ts';",
  "export { LOCAL_SOCIAL_CLIENT } from './src/social/local/local-social.ts';",
  "export { LOCAL_SOCIAL_PREFIX, PUBLISH_ENDPOINTS } from './src/social/social.endpoints.ts';",
  "export { sampleStatsbombMatch } from './src/feeds/feeds.samples.ts';",
  "export { LIVE_SETTLE_SECONDS } from './src/clip-rules/clip-rules.service.ts';",
  "export { SOCIAL_PLATFORMS, SOCIAL_PLATFORM_NAMES } from '@regie/contract/social';",
  "export { PUBLICATION_STAGES, publicationsPaths } from '@regie/contract/publications';",
  "export { verticalPaths } from '@regie/contract/vertical';",
  "export { mappingPaths } from '@regie/contract/data-provider-subscriptions';",
  "export { clipRulePaths } from '@regie/contract/clip-rules';",
  "export { markerPaths } from '@regie/contract/markers';",
]);
const { PUBLISH_ENDPOINTS: ENDPOINTS, SOCIAL_PLATFORMS: PLATFORMS, SOCIAL_PLATFORM_NAMES: NAMES } = modules;

const seconds = (ms) => (ms / 1000).toFixed(2);
const listOf = (answer) => answer.data ?? answer;

// ——— media ———

/** A 720p25 H.264 + AAC file of `length` seconds (a GOP a second), made with lavfi. */
async function lavfiVideo(file, length) {
  await runTool('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${length}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=660:sample_rate=48000:duration=${length}`],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-b:v', '2500k', '-g', '25'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', file],
  ]);
  return file;
}

/** The API's resumable upload (bench/lib.mjs), then the video once encoded. */
async function uploadVideo(url, token, api, file) {
  const done = await uploadFile(api, url, token, file);
  return until(
    async () => {
      const video = await api('GET', `/main-api/videos/${done.video.id}`);
      if (video.state === 'failed') throw new Error(`the upload's encode failed: ${video.failureReason}`);
      return video.state === 'ready' ? video : null;
    },
    'the uploaded video ready',
    { timeoutMs: 5 * 60_000, intervalMs: 500 },
  );
}

/**
 * A small HTTP server on 127.0.0.1: the feeds (GET /feeds/<name>.json, each event's match as
 * published now) and the bare Instagram's video_url (GET /files/<name>).
 */
async function benchServer() {
  const feeds = new Map();
  const files = new Map();
  const http = createServer((request, response) => {
    const feed = feeds.get(request.url ?? '');
    if (feed) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(feed.text);
      return;
    }
    const file = files.get(request.url ?? '');
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    stat(file).then(
      ({ size }) => {
        response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(size) });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404).end(),
    );
  });
  const port = await freePort();
  await new Promise((resolve) => http.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  return {
    /** A feed of its own: set its `text`; `url` is where it is polled. */
    feed(name) {
      const path = `/feeds/${name}.json`;
      const feed = { text: '', url: `${origin}${path}` };
      feeds.set(path, feed);
      return feed;
    },
    /** Serves `file`; answers its URL. */
    serve(file) {
      const path = `/files/${basename(file)}`;
      files.set(path, file);
      return `${origin}${path}`;
    },
    close: () => new Promise((resolve) => http.close(resolve)),
  };
}

// ——— (a) the goal, from the feed to the platforms ———

/** The club's marker type coded `goal` (where the default parser mapping puts goals). */
async function goalTypeId(api, sportId) {
  const types = listOf(await api('GET', '/main-api/marker-types?limit=100'));
  const found = types.find((type) => type.code === 'goal' && type.sportId === sportId);
  return found ? found.id : (await api('POST', '/main-api/marker-types', { name: 'Goal', code: 'goal', sportId })).id;
}

/** A publication's stages as ms since `zero` (null where not reached). */
function stagesSince(publication, zero) {
  return Object.fromEntries(
    modules.PUBLICATION_STAGES.map((stage) => {
      const at = publication.stages[stage];
      return [stage, at ? Date.parse(at) - zero : null];
    }),
  );
}

/** A publication that failed or was cancelled: what the run says instead of its figures. */
class PublicationFailed extends Error {}

/**
 * What every goal of (a) shares, made once: the club's Goal marker type, its other rules on goals
 * turned off for the run (the demo's "Goals from the data feed": each goal then makes one clip,
 * the measured one), the producer's rule that publishes.
 */
async function goalRule(api, sportId) {
  const goalType = await goalTypeId(api, sportId);
  const rules = listOf(await api('GET', '/main-api/clip-rules?limit=100'));
  for (const rule of rules.filter((item) => item.active && item.markerTypeId === goalType)) {
    const { id, AccountId, createdAt, updatedAt, ...fields } = rule;
    await api('PUT', `/main-api/clip-rules/${id}`, { ...fields, active: false });
    console.log(`  turned off for the run: the rule "${rule.name}"`);
  }
  const rule = await api('POST', '/main-api/clip-rules', {
    name: `Bench goals ${RUN}`,
    markerTypeId: goalType,
    ...RULE,
    publishTargets: RULE_TARGETS,
    captionTemplate: CAPTION_TEMPLATE,
    publishMode: 'direct',
  });
  return { goalType, rule };
}

/**
 * The club's teams named as the feed's two (the sample's lineups, home first), made when missing:
 * the event's sides, so that the feed's goals know theirs and the caption its score.
 */
async function matchTeams(api, sportId) {
  const { lineups } = JSON.parse(modules.sampleStatsbombMatch({ events: 400, seed: 7 }));
  const ids = [];
  for (const name of lineups.map((lineup) => lineup.team_name)) {
    const found = listOf(await api('GET', `/main-api/challengers?search=${encodeURIComponent(name)}&limit=50`)).find(
      (challenger) => challenger.name === name && challenger.type === 'team',
    );
    ids.push(found ? found.id : (await api('POST', '/main-api/challengers', { name, type: 'team', sportId })).id);
  }
  return ids;
}

/** The replay's seconds of goal `index` (0-based): 15 s of build-up before the first, 10 s apart. */
const replayGoalSecond = (index) => 20 + 10 * index;
/** The replay's length: the last goal's 5 s after, and 5 s more. */
const REPLAY_SECONDS = replayGoalSecond(GOALS - 1) + RULE.afterSeconds + 5;

/**
 * The event of one source: 'live' (on air, its camera pushing the pre-encoded file) or 'replay'
 * (its videoId an uploaded video, ready). Answers the event, where each goal goes (its second),
 * and how to stop it.
 */
async function goalEvent(url, token, api, source, sportId, published) {
  const [home, away] = await matchTeams(api, sportId);
  const base = {
    name: `Bench social ${source} ${RUN}`,
    sportId,
    periods: [{ period: 1, startsAt: 0 }],
    homeChallengerId: home,
    awayChallengerId: away,
  };
  if (source === 'replay') {
    console.log(`Goals (replay): a ${REPLAY_SECONDS} s 720p match uploaded and encoded…`);
    const file = await lavfiVideo(join(work, `replay-${RUN}.mp4`), REPLAY_SECONDS);
    const video = await uploadVideo(url, token, api, file);
    const event = await api('POST', '/main-api/events', { ...base, state: 'replay', videoId: video.id });
    return { event, goalSecond: async (index) => replayGoalSecond(index), stop: async () => undefined };
  }
  const input = await liveInput(api, `Bench social camera ${RUN}`, `${SEGMENT_SECONDS}s`);
  const event = await api('POST', '/main-api/events', {
    ...base,
    state: 'upcoming',
    activatedModules: ['AWS_STREAM', 'DVR'],
  });
  await api('POST', '/main-api/awsstreams/cameras', { eventId: event.id, inputId: input.id });
  await api('POST', `/main-api/events/${event.id}/start-live`, { withoutCamera: true });
  const publisher = pushFile(published, input.publishUrl);
  const windowPath = `/main-api/events/${event.id}/live-clips/window`;
  try {
    console.log(`Goals (live): the event is on air, ${RULE.beforeSeconds + 4} s recorded first…`);
    await until(
      async () => {
        const window = await api('GET', windowPath).catch(() => null);
        return window && window.toSeconds >= RULE.beforeSeconds + 4;
      },
      'the live window',
      { timeoutMs: 120_000, intervalMs: 500 },
    );
  } catch (error) {
    await stop(publisher);
    throw error;
  }
  return {
    event,
    // The live's last recorded second, in tenths (markers are placed to the tenth).
    goalSecond: async () => Math.floor((await api('GET', windowPath)).toSeconds * 10) / 10,
    stop: () => stop(publisher),
  };
}

/**
 * (a) on one source: the event mapped to a match whose feed this bench serves (a feed of its own),
 * subscribed to; GOALS times the feed grows by a goal; each goal's marker, its rule's clip and the
 * clip's publications followed until published. Throws PublicationFailed when one fails.
 */
async function measureGoals(regie, token, api, bench, source, setup, published) {
  const { url } = regie;
  const { event, goalSecond, stop: stopEvent } = await goalEvent(url, token, api, source, setup.sportId, published);
  const feed = bench.feed(`${source}-${RUN}`);
  const runs = [];
  let subscriptionPath = null;
  try {
    const { base, goal } = liveMatch(modules.sampleStatsbombMatch);
    const goals = [];
    const publish = () => {
      feed.text = JSON.stringify({ events: [...base.events, ...goals], lineups: base.lineups });
    };
    publish();
    const mapping = await api('POST', modules.mappingPaths.list, {
      provider: 'statsbomb',
      entity: 'event',
      recordId: event.id,
      providerId: `bench-social-${source}-${RUN}`,
    });
    const subscription = await api('POST', modules.mappingPaths.subscriptions(mapping.id), {
      url: feed.url,
      intervalSeconds: INTERVAL,
    });
    subscriptionPath = modules.mappingPaths.subscription(mapping.id, subscription.id);
    const status = async () =>
      (await api('GET', modules.mappingPaths.subscriptions(mapping.id))).data.find(
        (item) => item.id === subscription.id,
      );
    const first = await until(async () => (await status())?.lastStatus, 'the first poll', {
      timeoutMs: (INTERVAL + 30) * 1000,
      intervalMs: 200,
    });
    if (first !== 'ok') throw new Error(`the first poll: ${first} ${(await status())?.lastError}`);
    const known = new Set();
    const markersNow = async () => listOf(await api('GET', `${modules.markerPaths.markers(event.id)}?limit=100`));
    for (const marker of await markersNow()) known.add(marker.id);
    for (let index = 0; index < GOALS; index += 1) {
      // Each goal on a quiet server: no job due, and on a replay (no live recording running) its
      // processes idle too (the previous goal's media all made).
      if (source === 'replay') await waitUntilIdle(regie.pid, () => jobsDue(api));
      else await until(async () => !(await jobsDue(api)), 'no job due', { timeoutMs: 5 * 60_000, intervalMs: 500 });
      // A moment spread over the poll interval (the goals are not in step with the polls).
      await sleep(((index + 0.5) / GOALS) * INTERVAL * 1000);
      const second = await goalSecond(index);
      goals.push(goal(index + 1, second));
      publish();
      const grewAt = Date.now();
      const marker = await until(
        async () => (await markersNow()).find((candidate) => !known.has(candidate.id)),
        'the goal marker',
        { timeoutMs: (INTERVAL + 30) * 1000, intervalMs: 100 },
      );
      known.add(marker.id);
      if (Math.abs(marker.timeSeconds - second) > 0.01 || marker.markerTypeId !== setup.goalType) {
        throw new Error(`a marker other than the goal appeared: ${JSON.stringify(marker)}`);
      }
      const run = await until(
        async () => {
          const found = (await api('GET', modules.clipRulePaths.runs(setup.rule.id))).data.find(
            (candidate) => candidate.markerId === marker.id,
          );
          if (found?.state === 'failed' || found?.state === 'skipped') {
            throw new Error(`the goal's clip run ${found.state}: ${found.error}`);
          }
          return found?.state === 'made' && found.clipVideoId ? found : null;
        },
        "the goal's clip",
        { timeoutMs: 90_000, intervalMs: 100 },
      );
      const publications = await until(
        async () => {
          const list = (await api('GET', `${modules.publicationsPaths.list}?videoIds=${run.clipVideoId}&limit=25`))
            .data;
          const failed = list.find((item) => item.state === 'failed' || item.state === 'cancelled');
          if (failed) {
            throw new PublicationFailed(
              `goal ${index + 1}: its ${NAMES[failed.platform]} publication ${failed.state} ` +
                `${seconds(Date.parse(failed.updatedAt) - grewAt)} s after the feed grew: ${failed.error}`,
            );
          }
          const done = list.filter((item) => item.state === 'published');
          return done.length === RULE_TARGETS.length ? done : null;
        },
        "the goal's publications",
        { timeoutMs: 5 * 60_000, intervalMs: 200 },
      );
      const byPlatform = Object.fromEntries(publications.map((item) => [item.platform, item]));
      const stages = Object.fromEntries(
        RULE_TARGETS.map((platform) => [platform, stagesSince(byPlatform[platform], grewAt)]),
      );
      const endMs = Math.max(...RULE_TARGETS.map((platform) => stages[platform].publishedAt));
      runs.push({ stages, endMs, jobs: await jobsOf(api, run.clipVideoId, grewAt) });
      const jobs = runs.at(-1).jobs;
      const finished = (type) => jobs[type]?.lastFinished ?? null;
      const done = (...types) => {
        const at = types.map(finished).find((value) => value !== null);
        return at === undefined ? '–' : seconds(at);
      };
      console.log(
        `  goal ${index + 1}: marker ${seconds(stages.tiktok.markerAt)} s, clip made ${seconds(stages.tiktok.clipMadeAt)} s, ` +
          `cut ${done('video.clip', 'live.clip-render')} s, encoded ${done('video.encode')} s, 9:16 ${done('video.rendition')} s, ` +
          RULE_TARGETS.map((platform) => `${NAMES[platform]} ${seconds(stages[platform].publishedAt)} s`).join(', ') +
          ` after the feed grew ("${byPlatform.tiktok.caption}")` +
          Object.entries(jobs)
            .filter(([type]) => type.startsWith('other: '))
            .map(([type, kind]) => `; ${type} × ${kind.count}`)
            .join(''),
      );
    }
  } finally {
    // The event's feed stops here: a later source's goals are not this event's.
    if (subscriptionPath) await api('DELETE', subscriptionPath).catch(() => undefined);
    await stopEvent();
  }
  return runs;
}

/**
 * The account's jobs since `zero` (ms): those about the clip video (its cut, encode, renditions,
 * each publication's steps) by type, the others as `other: <type>`: how many, the first one's
 * creation and the last one's end, as ms since `zero`.
 */
async function jobsOf(api, videoId, zero) {
  const jobs = await api('GET', '/main-api/jobs?limit=500');
  const byType = {};
  for (const job of jobs) {
    const created = Date.parse(job.createdAt) - zero;
    const mine = job.resourceType === 'Video' && job.resourceId === String(videoId);
    if (!mine && created < 0) continue;
    const type = mine ? job.type : `other: ${job.type}`;
    byType[type] ??= { count: 0, firstCreated: Number.POSITIVE_INFINITY, lastFinished: null };
    const kind = byType[type];
    kind.count += 1;
    kind.firstCreated = Math.min(kind.firstCreated, created);
    if (job.finishedAt) kind.lastFinished = Math.max(kind.lastFinished ?? 0, Date.parse(job.finishedAt) - zero);
  }
  return byType;
}

const statOf = (values) => {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return { median: '–', worst: '–' };
  return { median: seconds(median(present)), worst: seconds(Math.max(...present)) };
};

/** (a)'s summary row of one source: its figures, or why it could not be measured. */
function goalSummary(source, runs, failure) {
  const ruleWait = RULE.afterSeconds + (source === 'live' ? modules.LIVE_SETTLE_SECONDS : 0);
  const measure = `${source}: feed's goal → on TikTok (9:16) and YouTube, ${RULE.beforeSeconds + RULE.afterSeconds} s clip`;
  if (failure) {
    return {
      measure,
      goals: runs.length,
      's (median)': '–',
      's (worst)': '–',
      aim: `≤ ${AIM_END_TO_END_S} s`,
      note: `FAILED ${failure}`,
    };
  }
  const end = statOf(runs.map((run) => run.endMs));
  const afterClip = statOf(runs.map((run) => run.endMs - run.stages.tiktok.clipMadeAt));
  return {
    measure,
    goals: runs.length,
    's (median)': end.median,
    's (worst)': end.worst,
    aim: `≤ ${AIM_END_TO_END_S} s`,
    note:
      (source === 'live' ? `the rule waits ${ruleWait} s by design; ` : '') +
      `clip made → both published: median ${afterClip.median} s, worst ${afterClip.worst} s`,
  };
}

/** (a)'s stages of one source, as seconds after the feed grew, per platform. */
function goalStages(source, runs) {
  const notes = {
    markerAt: `the marker stored (the feed polled every ${INTERVAL} s)`,
    clipMadeAt:
      source === 'live'
        ? `the rule's clip made: it waits ${RULE.afterSeconds} s after + LIVE_SETTLE_SECONDS by design`
        : "the rule's clip made (its cut queued)",
    clipReadyAt: "the clip's cut stored (what is published; its HLS ladder is encoded after)",
    approvedAt: 'direct: no approval',
    queuedAt: 'the publication made, with the clip (it then waits for the clip)',
    renderedAt: "the rendition's render stored (the video's own shape: the upload's start)",
    uploadStartedAt: '',
    uploadedAt: 'the bytes on the platform, the post made',
    publishedAt: 'the platform says it is processed',
  };
  return modules.PUBLICATION_STAGES.map((stage) => {
    const row = { [`${source} stage`]: stage };
    for (const platform of RULE_TARGETS) {
      const figures = statOf(runs.map((run) => run.stages[platform][stage]));
      row[`${NAMES[platform]} median s`] = figures.median;
      row[`${NAMES[platform]} worst s`] = figures.worst;
    }
    row.note = notes[stage];
    return row;
  });
}

/** (a)'s jobs about each goal's clip, by type, as seconds after the feed grew. */
function goalJobs(source, runs) {
  const types = [...new Set(runs.flatMap((run) => Object.keys(run.jobs)))];
  return types.map((type) => ({
    [`${source}: jobs of the clip`]: type,
    'per goal (median)': median(runs.map((run) => run.jobs[type]?.count ?? 0)),
    'first queued s (median)': statOf(runs.map((run) => run.jobs[type]?.firstCreated)).median,
    'last done s (median)': statOf(runs.map((run) => run.jobs[type]?.lastFinished)).median,
    'last done s (worst)': statOf(runs.map((run) => run.jobs[type]?.lastFinished)).worst,
  }));
}

// ——— (b) many publications at once ———

/** The stand-in's base of a platform's calls on this server. */
const standIn = (url, platform) => `${url}${modules.LOCAL_SOCIAL_PREFIX}/${platform}`;

async function call(what, address, init) {
  const response = await fetch(address, { redirect: 'manual', ...init });
  if (response.status >= 400) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

const json = async (response) => {
  const text = await response.text();
  return text ? JSON.parse(text) : {};
};

/** RFC 5849 §3.6 percent-encoding. */
const percent = (value) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** An `Authorization: OAuth …` header (HMAC-SHA1) for X: the query's parameters signed, a form's or JSON body not. */
function oauth1(method, address, client, tokens) {
  const url = new URL(address);
  const oauth = {
    oauth_consumer_key: client.clientId,
    oauth_nonce: randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_token: tokens.accessToken,
    oauth_version: '1.0',
  };
  const pairs = [...Object.entries(oauth), ...url.searchParams.entries()]
    .map(([name, value]) => [percent(name), percent(value)])
    .sort(([an, av], [bn, bv]) => (an === bn ? (av < bv ? -1 : 1) : an < bn ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const base = [method, percent(`${url.protocol}//${url.host}${url.pathname}`), percent(pairs)].join('&');
  const key = `${percent(client.clientSecret)}&${percent(tokens.tokenSecret ?? '')}`;
  const signature = createHmac('sha1', key).update(base).digest('base64');
  const header = Object.entries({ ...oauth, oauth_signature: signature })
    .map(([name, value]) => `${percent(name)}="${percent(value)}"`)
    .join(', ');
  return `OAuth ${header}`;
}

/**
 * The bare clients of the six platforms, with the documented calls: `upload(file, post)` makes the
 * post (answers what `processed(id)` asks about), `processed(id)` asks whether it is published.
 */
function bareClients(url, grants) {
  const bearer = (platform) => ({ authorization: `Bearer ${grants[platform].tokens.accessToken}` });
  const page = (platform) => ({ authorization: `Bearer ${grants[platform].tokens.targetToken}` });
  const x = (method, address) => ({
    authorization: oauth1(method, address, modules.LOCAL_SOCIAL_CLIENT, grants.twitter.tokens),
  });
  const at = (platform, path) => `${standIn(url, platform)}${path}`;
  return {
    youtube: {
      async upload(file, post) {
        const start = new URL(at('youtube', ENDPOINTS.youtube.upload));
        start.searchParams.set('uploadType', 'resumable');
        start.searchParams.set('part', 'snippet,status');
        const session = await call('YouTube session', start, {
          method: 'POST',
          headers: {
            ...bearer('youtube'),
            'content-type': 'application/json; charset=UTF-8',
            'x-upload-content-length': String(file.size),
            'x-upload-content-type': 'video/mp4',
          },
          body: JSON.stringify({
            snippet: { title: post.title, description: post.caption, categoryId: '17' },
            status: { privacyStatus: 'public', selfDeclaredMadeForKids: false },
          }),
        });
        const video = await json(
          await call('YouTube bytes', session.headers.get('location'), {
            method: 'PUT',
            headers: { ...bearer('youtube'), 'content-type': 'video/mp4', 'content-length': String(file.size) },
            body: file.bytes,
          }),
        );
        return video.id;
      },
      async processed(id) {
        const address = new URL(at('youtube', ENDPOINTS.youtube.videos));
        address.searchParams.set('part', 'status,processingDetails');
        address.searchParams.set('id', id);
        const item = (await json(await call('YouTube status', address, { headers: bearer('youtube') }))).items?.[0];
        return item?.status?.uploadStatus === 'processed';
      },
    },
    facebook: {
      async upload(file, post) {
        const videos = at('facebook', ENDPOINTS.facebook.videos.replace('{pageId}', grants.facebook.target.id));
        const phase = async (values) =>
          json(
            await call('Facebook', videos, {
              method: 'POST',
              headers: { ...page('facebook'), 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(values),
            }),
          );
        const started = await phase({ upload_phase: 'start', file_size: String(file.size) });
        let start = Number(started.start_offset);
        let end = Number(started.end_offset);
        while (start < file.size) {
          const form = new FormData();
          form.set('upload_phase', 'transfer');
          form.set('upload_session_id', started.upload_session_id);
          form.set('start_offset', String(start));
          form.set('video_file_chunk', new Blob([file.bytes.subarray(start, end)]), 'chunk.mp4');
          const next = await json(
            await call('Facebook transfer', videos, { method: 'POST', headers: page('facebook'), body: form }),
          );
          start = Number(next.start_offset);
          end = Number(next.end_offset);
        }
        const finished = await phase({
          upload_phase: 'finish',
          upload_session_id: started.upload_session_id,
          title: post.title,
          description: post.caption,
        });
        if (finished.success !== true) throw new Error('Facebook: not finished');
        return started.video_id;
      },
      async processed(id) {
        const address = new URL(at('facebook', ENDPOINTS.facebook.video.replace('{videoId}', id)));
        address.searchParams.set('fields', 'status,permalink_url');
        const video = await json(await call('Facebook status', address, { headers: page('facebook') }));
        return video.status?.video_status === 'ready';
      },
    },
    instagram: {
      async upload(file, post) {
        const account = (path) => at('instagram', path.replace('{igUserId}', grants.instagram.target.id));
        const send = async (path, values) =>
          json(
            await call('Instagram', account(path), {
              method: 'POST',
              headers: { ...page('instagram'), 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams(values),
            }),
          );
        const container = await send(ENDPOINTS.instagram.media, {
          media_type: 'REELS',
          video_url: file.url,
          caption: post.caption,
        });
        const address = new URL(at('instagram', ENDPOINTS.instagram.container.replace('{containerId}', container.id)));
        address.searchParams.set('fields', 'status_code,status');
        for (;;) {
          const state = await json(await call('Instagram container', address, { headers: page('instagram') }));
          if (state.status_code === 'FINISHED') break;
          if (state.status_code !== 'IN_PROGRESS') throw new Error(`Instagram container: ${state.status}`);
          await sleep(BARE_POLL_MS);
        }
        return (await send(ENDPOINTS.instagram.publish, { creation_id: container.id })).id;
      },
      async processed(id) {
        const address = new URL(at('instagram', ENDPOINTS.instagram.item.replace('{mediaId}', id)));
        address.searchParams.set('fields', 'permalink');
        return Boolean((await json(await call('Instagram media', address, { headers: page('instagram') }))).permalink);
      },
    },
    twitter: {
      async upload(file, post) {
        const media = at('twitter', ENDPOINTS.twitter.media);
        const command = async (method, values) => {
          const address = `${media}?${new URLSearchParams(values)}`;
          return json(await call(`X ${values.command}`, address, { method, headers: x(method, address) }));
        };
        const init = await command('POST', {
          command: 'INIT',
          total_bytes: String(file.size),
          media_type: 'video/mp4',
          media_category: 'tweet_video',
        });
        const id = init.media_id_string;
        const segment = 4 * 1024 * 1024;
        for (let index = 0; index * segment < file.size; index += 1) {
          const address = `${media}?${new URLSearchParams({ command: 'APPEND', media_id: id, segment_index: String(index) })}`;
          const form = new FormData();
          form.set('media', new Blob([file.bytes.subarray(index * segment, (index + 1) * segment)]), 'blob');
          await call('X APPEND', address, { method: 'POST', headers: x('POST', address), body: form });
        }
        let info = (await command('POST', { command: 'FINALIZE', media_id: id })).processing_info;
        while (info && info.state !== 'succeeded') {
          if (info.state === 'failed') throw new Error(`X media failed: ${JSON.stringify(info)}`);
          await sleep(Math.max(1, info.check_after_secs ?? 1) * 1000);
          info = (await command('GET', { command: 'STATUS', media_id: id })).processing_info;
        }
        const tweets = at('twitter', ENDPOINTS.twitter.tweets);
        const posted = await json(
          await call('X post', tweets, {
            method: 'POST',
            headers: { ...x('POST', tweets), 'content-type': 'application/json' },
            body: JSON.stringify({ text: post.caption, media: { media_ids: [id] } }),
          }),
        );
        return posted.data.id;
      },
      // The post exists once made: nothing more to follow.
      processed: async () => true,
    },
    dailymotion: {
      async upload(file, post) {
        const slot = await json(
          await call('Dailymotion upload URL', at('dailymotion', ENDPOINTS.dailymotion.uploadUrl), {
            headers: bearer('dailymotion'),
          }),
        );
        const form = new FormData();
        form.set('file', new Blob([file.bytes], { type: 'video/mp4' }), 'video.mp4');
        const uploaded = await json(await call('Dailymotion upload', slot.upload_url, { method: 'POST', body: form }));
        const values = {
          url: uploaded.url,
          title: post.title,
          description: post.caption,
          channel: 'sport',
          published: 'true',
        };
        const video = await json(
          await call('Dailymotion video', at('dailymotion', ENDPOINTS.dailymotion.videos), {
            method: 'POST',
            headers: { ...bearer('dailymotion'), 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(values),
          }),
        );
        return video.id;
      },
      async processed(id) {
        const address = new URL(at('dailymotion', ENDPOINTS.dailymotion.video.replace('{videoId}', id)));
        address.searchParams.set('fields', 'status,url');
        return (
          (await json(await call('Dailymotion status', address, { headers: bearer('dailymotion') }))).status ===
          'published'
        );
      },
    },
    tiktok: {
      async upload(file, post) {
        const init = await json(
          await call('TikTok init', at('tiktok', ENDPOINTS.tiktok.init), {
            method: 'POST',
            headers: { ...bearer('tiktok'), 'content-type': 'application/json; charset=UTF-8' },
            body: JSON.stringify({
              post_info: { title: post.caption, privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: false },
              source_info: {
                source: 'FILE_UPLOAD',
                video_size: file.size,
                chunk_size: file.size,
                total_chunk_count: 1,
              },
            }),
          }),
        );
        await call('TikTok PUT', init.data.upload_url, {
          method: 'PUT',
          headers: {
            'content-type': 'video/mp4',
            'content-length': String(file.size),
            'content-range': `bytes 0-${file.size - 1}/${file.size}`,
          },
          body: file.bytes,
        });
        return init.data.publish_id;
      },
      async processed(id) {
        const answer = await json(
          await call('TikTok status', at('tiktok', ENDPOINTS.tiktok.status), {
            method: 'POST',
            headers: { ...bearer('tiktok'), 'content-type': 'application/json; charset=UTF-8' },
            body: JSON.stringify({ publish_id: id }),
          }),
        );
        return answer.data?.status === 'PUBLISH_COMPLETE';
      },
    },
  };
}

/**
 * The bare run: `posts` uploaded `PUBLISH_SLOTS` at a time (as many as the server's loops), each post's
 * processing followed every BARE_POLL_MS off its slot. Answers the time to all uploaded and all
 * published, from the start.
 */
async function bareRun(clients, posts, files) {
  const started = performance.now();
  let next = 0;
  const followed = [];
  let uploadedMs = 0;
  const follow = async (platform, id) => {
    while (!(await clients[platform].processed(id))) await sleep(BARE_POLL_MS);
    return performance.now() - started;
  };
  const slot = async () => {
    while (next < posts.length) {
      const post = posts[next];
      next += 1;
      const id = await clients[post.platform].upload(files[VERTICAL.has(post.platform) ? 'vertical' : 'source'], post);
      uploadedMs = Math.max(uploadedMs, performance.now() - started);
      followed.push(follow(post.platform, id));
    }
  };
  await Promise.all(Array.from({ length: PUBLISH_SLOTS }, slot));
  const publishedMs = Math.max(...(await Promise.all(followed)));
  return { uploadedMs, publishedMs };
}

/** `count` posts over the six platforms in turn, each with a tag of its own in its title and caption. */
function plannedPosts(count, kind) {
  return Array.from({ length: count }, (_, index) => {
    const platform = PLATFORMS[index % PLATFORMS.length];
    const tag = `[${kind}${index + 1}-${RUN}]`;
    return { platform, tag, title: `Bench queue ${tag}`, caption: `Goal of the week ${tag} #regie` };
  });
}

/** The product run: the posts grouped by request (one platform once each), all POSTed at once, followed to published. */
async function regieRun(api, videoId, posts) {
  const requests = [];
  for (const post of posts) {
    const open = requests.find((targets) => !targets.some((target) => target.platform === post.platform));
    const target = {
      platform: post.platform,
      title: post.title,
      caption: post.caption,
      ...(VERTICAL.has(post.platform) && { aspect: '9:16' }),
    };
    if (open) open.push(target);
    else requests.push([target]);
  }
  const started = Date.now();
  const made = (
    await Promise.all(requests.map((targets) => api('POST', modules.publicationsPaths.ofVideo(videoId), { targets })))
  ).flatMap((answer) => answer.data);
  const ids = new Set(made.map((publication) => publication.id));
  const done = await until(
    async () => {
      const seen = [];
      for (let offset = 0; ; offset += 100) {
        const page = await api(
          'GET',
          `${modules.publicationsPaths.list}?videoId=${videoId}&limit=100&offset=${offset}`,
        );
        seen.push(...page.data.filter((item) => ids.has(item.id)));
        if (page.data.length < 100) break;
      }
      const failed = seen.find((item) => item.state === 'failed' || item.state === 'cancelled');
      if (failed) throw new Error(`a ${failed.platform} publication ${failed.state}: ${failed.error}`);
      return seen.length === ids.size && seen.every((item) => item.state === 'published') ? seen : null;
    },
    'every publication published',
    { timeoutMs: 15 * 60_000, intervalMs: 250 },
  );
  const last = (stage) => Math.max(...done.map((item) => Date.parse(item.stages[stage]))) - started;
  const jobs = await api(
    'GET',
    `/main-api/jobs?resourceType=Video&resourceId=${videoId}&type=social.publish&limit=500`,
  );
  return {
    requests: requests.length,
    publications: done,
    /** The publish job's steps these publications took (each upload, each look at the platform's processing). */
    steps: jobs.filter((job) => Date.parse(job.createdAt) >= started).length,
    uploadedMs: last('uploadedAt'),
    publishedMs: last('publishedAt'),
  };
}

/** Every post of ours each platform lists (its own list API, newest first), as the texts it shows. */
async function platformPosts(url, grants) {
  const bearer = (platform) => ({ authorization: `Bearer ${grants[platform].tokens.accessToken}` });
  const page = (platform) => ({ authorization: `Bearer ${grants[platform].tokens.targetToken}` });
  const get = async (platform, address, headers) => json(await call(`${platform} list`, address, { headers }));
  const at = (platform, path) => `${standIn(url, platform)}${path}`;
  const texts = {};
  // YouTube: search forMine, 50 a page.
  texts.youtube = [];
  for (let token = ''; ; ) {
    const address = new URL(at('youtube', ENDPOINTS.youtube.mine));
    for (const [name, value] of Object.entries({ part: 'snippet', forMine: 'true', type: 'video', maxResults: '50' }))
      address.searchParams.set(name, value);
    if (token) address.searchParams.set('pageToken', token);
    const answer = await get('youtube', address, bearer('youtube'));
    texts.youtube.push(...answer.items.map((item) => `${item.snippet.title} ${item.snippet.description}`));
    if (!answer.nextPageToken) break;
    token = answer.nextPageToken;
  }
  const facebook = await get(
    'facebook',
    `${at('facebook', ENDPOINTS.facebook.videos.replace('{pageId}', grants.facebook.target.id))}?fields=id,title,description&limit=100`,
    page('facebook'),
  );
  texts.facebook = facebook.data.map((video) => `${video.title} ${video.description}`);
  const instagram = await get(
    'instagram',
    `${at('instagram', ENDPOINTS.instagram.media.replace('{igUserId}', grants.instagram.target.id))}?fields=id,caption&limit=100`,
    page('instagram'),
  );
  texts.instagram = instagram.data.map((media) => media.caption);
  const timeline = `${at('twitter', ENDPOINTS.twitter.timeline.replace('{userId}', grants.twitter.externalId))}?max_results=100`;
  const tweets = await get('twitter', timeline, {
    authorization: oauth1('GET', timeline, modules.LOCAL_SOCIAL_CLIENT, grants.twitter.tokens),
  });
  texts.twitter = (tweets.data ?? []).map((post) => post.text);
  texts.dailymotion = [];
  for (let number = 1; ; number += 1) {
    const answer = await get(
      'dailymotion',
      `${at('dailymotion', ENDPOINTS.dailymotion.videos)}?fields=id,title,description&limit=100&page=${number}`,
      bearer('dailymotion'),
    );
    texts.dailymotion.push(...answer.list.map((video) => `${video.title} ${video.description}`));
    if (!answer.has_more) break;
  }
  texts.tiktok = [];
  for (let cursor; ; ) {
    const answer = await json(
      await call('tiktok list', `${at('tiktok', ENDPOINTS.tiktok.list)}?fields=id,title`, {
        method: 'POST',
        headers: { ...bearer('tiktok'), 'content-type': 'application/json' },
        body: JSON.stringify({ max_count: 20, ...(cursor !== undefined && { cursor }) }),
      }),
    );
    texts.tiktok.push(...answer.data.videos.map((video) => video.title));
    if (!answer.data.has_more) break;
    cursor = answer.data.cursor;
  }
  return texts;
}

/** Each post found exactly once on its platform (by its tag), per platform. */
function exactlyOnce(texts, runs) {
  return PLATFORMS.map((platform) => {
    const row = { platform: NAMES[platform] };
    for (const { name, posts } of runs) {
      const mine = posts.filter((post) => post.platform === platform);
      const counts = mine.map((post) => texts[platform].filter((text) => text?.includes(post.tag)).length);
      row[`${name} posts`] = mine.length;
      row[`${name} found once`] = counts.filter((count) => count === 1).length;
      row[`${name} missing`] = counts.filter((count) => count === 0).length;
      row[`${name} twice or more`] = counts.filter((count) => count > 1).length;
    }
    return row;
  });
}

async function measureQueue(regie, token, api, bench, grants) {
  const { url } = regie;
  const sourceFile = await lavfiVideo(join(work, `queue-${RUN}.mp4`), QUEUE_SECONDS);
  console.log(`Queue: a ${QUEUE_SECONDS} s 720p video uploaded and encoded…`);
  const video = await uploadVideo(url, token, api, sourceFile);
  console.log('Queue: its 9:16 rendition rendered…');
  await api('POST', modules.verticalPaths.rendition(video.id, '9x16'));
  const rendition = await until(
    async () => {
      const found = listOf(await api('GET', modules.verticalPaths.renditions(video.id))).find(
        (item) => item.aspect === '9:16',
      );
      if (found?.state === 'failed') throw new Error(`the 9:16 rendition failed: ${found.error}`);
      return found?.state === 'ready' && found.mp4Url ? found : null;
    },
    'the 9:16 rendition',
    { timeoutMs: 5 * 60_000, intervalMs: 500 },
  );
  // The bare runs send the very files Regie sends: the upload itself and the rendition's MP4.
  const verticalFile = join(work, `queue-${RUN}-9x16.mp4`);
  const mp4 = await fetch(new URL(rendition.mp4Url, url));
  if (!mp4.ok) throw new Error(`the rendition's MP4: ${mp4.status}`);
  await writeFile(verticalFile, Buffer.from(await mp4.arrayBuffer()));
  const fileOf = async (path) => {
    const bytes = await readFile(path);
    return { bytes, size: bytes.length, url: bench.serve(path) };
  };
  const files = { source: await fileOf(sourceFile), vertical: await fileOf(verticalFile) };
  const clients = bareClients(url, grants);
  console.log(
    `Queue: files ${(files.source.size / 1024 / 1024).toFixed(1)} MiB (16:9) and ${(files.vertical.size / 1024 / 1024).toFixed(1)} MiB (9:16); a warm-up round of each platform, both ways…`,
  );
  await regieRun(api, video.id, plannedPosts(PLATFORMS.length, 'warm-regie'));
  await bareRun(clients, plannedPosts(PLATFORMS.length, 'warm-bare'), files);
  const quiet = () => waitUntilIdle(regie.pid, () => jobsDue(api));
  await quiet();
  const regiePosts = plannedPosts(QUEUE, 'regie');
  const barePosts = plannedPosts(QUEUE, 'bare');
  console.log(`Queue: ${QUEUE} publications through Regie (${WORKERS} worker${WORKERS === 1 ? '' : 's'})…`);
  const through = await regieRun(api, video.id, regiePosts);
  console.log(
    `  all uploaded ${seconds(through.uploadedMs)} s, all published ${seconds(through.publishedMs)} s (${through.requests} requests)`,
  );
  await quiet();
  console.log(`Queue: the same ${QUEUE} bare, ${PUBLISH_SLOTS} at a time…`);
  const bare = await bareRun(clients, barePosts, files);
  console.log(`  all uploaded ${seconds(bare.uploadedMs)} s, all published ${seconds(bare.publishedMs)} s`);
  const externalIds = new Set(through.publications.map((item) => `${item.platform}:${item.externalId}`));
  const texts = await platformPosts(url, grants);
  const once = exactlyOnce(texts, [
    { name: 'Regie', posts: regiePosts },
    { name: 'bare', posts: barePosts },
  ]);
  const perSecond = (ms) => QUEUE / (ms / 1000);
  const throughput = [
    {
      measure: `${QUEUE} publications queued at once → all uploaded`,
      'Regie s': seconds(through.uploadedMs),
      'bare s': seconds(bare.uploadedMs),
      'Regie /s': perSecond(through.uploadedMs).toFixed(2),
      'bare /s': perSecond(bare.uploadedMs).toFixed(2),
      'ratio (throughput)': (bare.uploadedMs / through.uploadedMs).toFixed(2),
      aim: '',
      note: `${through.requests} POSTs of up to 6 targets; ${externalIds.size} distinct platform ids of ${through.publications.length}`,
    },
    {
      measure: `${QUEUE} publications queued at once → all published`,
      'Regie s': seconds(through.publishedMs),
      'bare s': seconds(bare.publishedMs),
      'Regie /s': perSecond(through.publishedMs).toFixed(2),
      'bare /s': perSecond(bare.publishedMs).toFixed(2),
      'ratio (throughput)': (bare.publishedMs / through.publishedMs).toFixed(2),
      aim: `≥ ${AIM_RATIO}`,
      note: `Regie: ${through.steps} publish job steps (${(through.steps / QUEUE).toFixed(1)} a publication)`,
    },
  ];
  return { throughput, once };
}

// ——— the run ———

const tables = [];
try {
  // Before the server starts: its CPU is not shared with these encodes.
  const published = await prerecorded(work);
  const ingestPort = await freePort();
  const bench = await benchServer();
  console.log(`Starting Regie from ${serverDist()} (REGIE_WORKERS ${WORKERS}, RTMP ingest on ${ingestPort})…`);
  const dataDir = join(work, 'data');
  const regie = await startRegie({
    dataDir,
    dist: serverDist(),
    env: {
      REGIE_WORKERS: String(WORKERS),
      REGIE_INGEST_PORT: String(ingestPort),
      REGIE_INGEST_HOST: '127.0.0.1',
      // The bench's feed server, on this machine.
      REGIE_IMPORT_ALLOW_HOSTS: '127.0.0.1',
    },
  });
  try {
    // The stand-ins' tokens are signed with the server's secret (in its data folder): the bare
    // client's are the demo's own kind of grant (grants.ts).
    const secret = (await readFile(join(dataDir, 'media-secret.key'), 'utf8')).trim();
    const grants = Object.fromEntries(PLATFORMS.map((platform) => [platform, modules.localGrant(secret, platform)]));
    // The demo producer has the links; the club's Media (video_write) and Live desk (use_stream)
    // groups let them upload the queue's video and put the event on air too.
    const manager = apiClient(regie.url, await signIn(regie.url, 'usermanager'));
    const groups = listOf(await manager('GET', '/users-service-api/groups?limit=100'));
    const [producer] = listOf(await manager('GET', '/users-service-api/users?search=producer'));
    const wanted = ['Media', 'Live desk'].map((name) => {
      const group = groups.find((candidate) => candidate.name === name);
      if (!group) throw new Error(`the demo club has no ${name} group`);
      return group.id;
    });
    await manager('PUT', `/users-service-api/users/${producer.id}`, {
      ...producer,
      groups: [...new Set([...producer.groups, ...wanted])],
    });
    const token = await signIn(regie.url, 'producer');
    const api = apiClient(regie.url, token);
    const links = (await api('GET', '/users-service-api/users/me/oauth/links')).data;
    const inactive = links.filter((item) => item.link?.state !== 'active').map((item) => item.platform);
    if (inactive.length > 0) throw new Error(`the producer's links not active: ${inactive.join(', ')}`);
    const waited = await waitUntilIdle(regie.pid, () => jobsDue(api));
    console.log(`Regie idle after ${waited.toFixed(0)} s (no job due).`);

    console.log(`Queue: ${QUEUE} publications over ${PLATFORMS.length} platforms…`);
    const queue = await measureQueue(regie, token, api, bench, grants);
    printTable(queue.throughput);
    printTable(queue.once);
    tables.push(queue.throughput, queue.once);

    // (a) BENCH_SOCIAL_SOURCE 'auto': live first; when a live publication fails, that is said and
    // (a) is measured on a replay.
    const sportId = await footballId(api);
    const setup = { sportId, ...(await goalRule(api, sportId)) };
    const sources = SOURCE === 'replay' ? ['replay'] : SOURCE === 'live' ? ['live'] : ['live', 'replay'];
    const summary = [];
    const details = [];
    for (const source of sources) {
      if (source === 'replay' && SOURCE === 'auto' && summary.at(-1)?.note?.startsWith('FAILED') === false) break;
      console.log(
        `Goals (${source}): ${GOALS} goals through a subscribed feed to ${RULE_TARGETS.map((p) => NAMES[p]).join(' and ')}…`,
      );
      let runs = [];
      let failure = null;
      try {
        runs = await measureGoals(regie, token, api, bench, source, setup, published);
      } catch (error) {
        if (!(error instanceof PublicationFailed)) throw error;
        failure = error.message;
        console.log(`  ${source}: ${failure}`);
      }
      summary.push(goalSummary(source, runs, failure));
      if (runs.length > 0 && !failure) details.push(goalStages(source, runs), goalJobs(source, runs));
    }
    printTable(summary);
    for (const rows of details) printTable(rows);
    tables.push(summary, ...details);
  } finally {
    await regie.stop();
    await bench.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
console.log(`\nbench:social (REGIE_WORKERS ${WORKERS}):`);
for (const rows of tables) printTable(rows);
