import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A free TCP port on loopback, picked by the system. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function ended(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('close', () => resolve());
  });
}

async function kill(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  await ended(child);
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export interface Running {
  stop(): Promise<void>;
}

/**
 * An RTMP server (node-media-server 4.4.3, in its own process) that a generated stream is
 * published to: the simulcast source. Returns the URL to read it from.
 */
export async function startSource(dir: string): Promise<Running & { url: string }> {
  const port = await freePort();
  const script = `
    const NodeMediaServer = require('node-media-server');
    const server = new NodeMediaServer({ bind: '127.0.0.1', rtmp: { port: ${port} }, store: { path: ${JSON.stringify(dir)} } });
    server.run();`;
  const relay = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  await waitFor(() => canConnect(port), 10_000, 'the RTMP relay');
  const url = `rtmp://127.0.0.1:${port}/live/source`;
  // testsrc + sine, H.264 (2 s GOP) and AAC, in real time: what an encoder sends.
  const publisher = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '50', '-b:v', '400k'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  return {
    url,
    async stop() {
      await kill(publisher);
      await kill(relay);
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** What a sink received: its output position over time. */
export interface Sink extends Running {
  port: number;
  /** [wall-clock ms, position µs] of each progress block. */
  readonly samples: ReadonlyArray<[number, number]>;
  readonly position: number;
}

/**
 * A platform's ingest: an ffmpeg listening for one RTMP publisher on the port, reading what it
 * gets (`-f null`) and reporting its position. Started again on the same port after a stop.
 */
export function startSink(port: number): Sink {
  const samples: Array<[number, number]> = [];
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/key`],
      ...['-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-stats_period', '0.5', '-'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let pending = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const [key, value] = line.split('=');
      const position = Number(value);
      if (key === 'out_time_us' && Number.isFinite(position) && position > 0) samples.push([Date.now(), position]);
    }
  });
  return {
    port,
    samples,
    get position() {
      return samples.at(-1)?.[1] ?? 0;
    },
    stop: () => kill(child),
  };
}

/** A TCP port that accepts connections and never answers: an ingest that hangs. */
export async function startBlackHole(): Promise<Running & { port: number }> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
