// `npm run bench:live`, capacity part: how many 720p inputs one machine (2 cores here) ingests and
// packages with no dropped segment (aim ≥ 8). For N = 2, 4, 6, 8, 10 (BENCH_LIVE_INPUTS), N
// encoders publish to N inputs (1 s segments, the more demanding mode) at once. The encoders are
// cheap on purpose: ONE 60 s 720p25 H.264/AAC file (3 Mbit/s, a keyframe a second) is encoded
// before the server starts, and each encoder pushes it in real time with
// `ffmpeg -re -stream_loop -1 -i file -c copy -f flv` (no encode: a few % of a core each, shown),
// so the CPU measured is the server's: the RTMP ingest, N packagers (ffmpeg -c copy to HLS), every
// segment stored and indexed. After a warm-up, over BENCH_LIVE_CAPACITY_SECONDS (30) of wall time,
// each input's DVR playlist (the segment index) is read at both ends of the window: the segments
// indexed in between must have consecutive sequences (a gap is a dropped segment) and be as many
// as the wall time holds (one segment in flight tolerated; fewer means the packager fell behind:
// also counted as dropped). Also shown: frames the packagers dropped (their health), the seconds of
// media indexed in the window ÷ its wall time for the slowest input (about 1 when it keeps up), and
// the CPU: the server's process tree (% of one core), the encoders', and the whole machine's
// (other work on it included).
// An account may have 4 inputs on air at once (LIVE_LIMITS, a policy, not a machine limit): the
// inputs are spread over as many studio accounts as needed.
import { readFileSync } from 'node:fs';
import { setting, treeCpuSeconds, until } from './lib.mjs';
import { fetchText, liveInput, onServer, playlistSegments, pushFile, sleep, stop, studio } from './live-support.mjs';

// BENCH_SMOKE=1: one step of 2 inputs, over 5 s.
const STEPS = String(setting('BENCH_LIVE_INPUTS', '2,4,6,8,10', '2'))
  .split(',')
  .map(Number);
const WINDOW_SECONDS = Number(setting('BENCH_LIVE_CAPACITY_SECONDS', 30, 5));
const WARM_UP_SECONDS = 5;
const SEGMENT_SECONDS = 1;
const PER_ACCOUNT = 4;

/** The machine's CPU ticks: busy and total, all cores. */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

function processCpuSeconds(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const cores = () => readFileSync('/proc/cpuinfo', 'utf8').match(/^processor\s*:/gm)?.length ?? 1;

/** The input's indexed segments (its DVR playlist). */
async function indexed(url, input) {
  return playlistSegments(await fetchText(onServer(url, input.playback.dvrUrl)));
}

async function step(url, pid, inputs, published) {
  const n = inputs.length;
  console.log(`Capacity: ${n} inputs on air, ${WINDOW_SECONDS} s…`);
  const encoders = inputs.map((input) => pushFile(published, input.publishUrl));
  try {
    await until(
      async () => {
        const states = await Promise.all(inputs.map((input) => input.api('GET', `/main-api/streams/${input.id}`)));
        const refused = states.find((state) => state.state === 'error');
        if (refused) throw new Error(`input ${refused.id} in error: ${refused.stateReason}`);
        return states.every((state) => state.state === 'live');
      },
      'every input live',
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await sleep(WARM_UP_SECONDS * 1000);
    const before = await Promise.all(inputs.map((input) => indexed(url, input)));
    const startedAt = Date.now();
    const serverBefore = treeCpuSeconds(pid);
    const encodersBefore = encoders.reduce((sum, child) => sum + processCpuSeconds(child.pid), 0);
    const machineBefore = machineTicks();
    await sleep(WINDOW_SECONDS * 1000);
    const after = await Promise.all(inputs.map((input) => indexed(url, input)));
    const endedAt = Date.now();
    const wall = (endedAt - startedAt) / 1000;
    const server = (treeCpuSeconds(pid) - serverBefore) / wall;
    const encodersCpu =
      (encoders.reduce((sum, child) => sum + processCpuSeconds(child.pid), 0) - encodersBefore) / wall;
    const machineAfter = machineTicks();
    const machine = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
    const healths = await Promise.all(inputs.map((input) => input.api('GET', `/main-api/flows/${input.id}/status`)));
    const expected = Math.round(wall / SEGMENT_SECONDS);
    let got = 0;
    let dropped = 0;
    let pace = Number.POSITIVE_INFINITY;
    for (const [index, segments] of after.entries()) {
      const from = before[index]?.at(-1)?.sequence ?? -1;
      const last = segments.at(-1);
      const fresh = segments.filter((segment) => segment.sequence > from);
      const span = (last?.sequence ?? from) - from;
      got += fresh.length;
      // Missing sequences, plus the segments the wall time held that never came (one in flight allowed).
      dropped += span - fresh.length + Math.max(0, expected - 1 - span);
      pace = Math.min(pace, fresh.reduce((sum, segment) => sum + segment.duration, 0) / wall);
    }
    return {
      inputs: n,
      'segments expected': expected * n,
      'segments got': got,
      dropped,
      'packager frames dropped': healths.reduce((sum, health) => sum + (health.dropped ?? 0), 0),
      'media indexed ÷ wall, worst input': pace.toFixed(3),
      'server cpu % of a core': (server * 100).toFixed(0),
      'encoders cpu %': (encodersCpu * 100).toFixed(0),
      [`machine busy % (${cores()} cores, all work)`]: (machine * 100).toFixed(0),
    };
  } finally {
    await Promise.all(encoders.map(stop));
    await until(
      async () => {
        const states = await Promise.all(inputs.map((input) => input.api('GET', `/main-api/streams/${input.id}`)));
        return states.every((state) => state.state !== 'live');
      },
      'every input off air',
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    await sleep(2_000);
  }
}

export async function measureCapacity({ url, pid, published }) {
  const most = Math.max(...STEPS);
  const inputs = [];
  for (let account = 0; account * PER_ACCOUNT < most; account += 1) {
    const { api } = await studio(url, `Bench capacity ${account + 1} ${Date.now().toString(36)}`);
    for (let index = account * PER_ACCOUNT; index < Math.min(most, (account + 1) * PER_ACCOUNT); index += 1) {
      inputs.push({ ...(await liveInput(api, `Capacity ${index + 1}`, `${SEGMENT_SECONDS}s`)), api });
    }
  }
  const rows = [];
  for (const n of STEPS) rows.push(await step(url, pid, inputs.slice(0, n), published));
  // The steps go up: the answer is the last one before the first drop.
  let largest = 0;
  for (const row of rows) {
    if (row.dropped > 0) break;
    largest = row.inputs;
  }
  // No step dropped: the machine's limit lies beyond the last one (BENCH_LIVE_INPUTS=…,16,20 looks further).
  const answer = largest === rows.at(-1)?.inputs ? `≥ ${largest} (no step dropped one)` : String(largest);
  rows.push({ inputs: `largest N with no dropped segment: ${answer} (aim ≥ 8)` });
  return rows;
}
