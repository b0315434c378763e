import { isIP } from 'node:net';
import { INGEST_APP } from '@regie/contract/live';
import NodeMediaServer, { type NmsSession } from 'node-media-server';
import nmsContext from 'node-media-server/src/core/context.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import type { Ingest, IngestHandlers, PublisherStats, PublishRequest } from './ingest.types.ts';

/** FLV codec ids (onMetaData) → names; encoders sending a FourCC string keep it. */
const VIDEO_CODECS: Readonly<Record<string, string>> = { '7': 'H.264', '12': 'HEVC', '13': 'AV1', avc1: 'H.264' };
const AUDIO_CODECS: Readonly<Record<string, string>> = { '10': 'AAC', '2': 'MP3', '13': 'Opus', mp4a: 'AAC' };

function codecName(table: Readonly<Record<string, string>>, id: unknown): string | null {
  if (id === 0 || id === undefined || id === null || id === '') return null;
  const key = String(id);
  return table[key] ?? key;
}

const positiveOrNull = (value: number) => (Number.isFinite(value) && value > 0 ? value : null);

/** The address part of NMS's `ip` ("::ffff:127.0.0.1:50212"). */
function addressOf(ip: string): string {
  return ip.slice(0, Math.max(0, ip.lastIndexOf(':')));
}

function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/, '');
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

export interface NmsIngestOptions {
  host: string;
  /** 0: a free port. */
  port: number;
  log: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

/**
 * node-media-server 4.4.3 as the ingest. Only its RTMP listener runs (we listen on its TCP
 * server ourselves, so port 0 works and a busy port is an error, not process.exit): no HTTP-FLV,
 * no recorder, no store. Its publish events are synchronous; `session.close()` in prePublish
 * refuses the client. Its donePublish comes 30 s late (reconnect grace), so the end of a publish
 * is the publisher's socket closing. Only loopback clients may play (the packager, simulcasts).
 */
export function createNmsIngest(options: NmsIngestOptions): Ingest {
  let server: NodeMediaServer | null = null;
  let port = 0;
  const publishers = new Map<string, NmsSession>();
  const refused = new Set<string>();
  const listeners: [string, (session: NmsSession) => void][] = [];

  const requestOf = (session: NmsSession): PublishRequest => ({
    sessionId: session.id,
    app: session.streamApp,
    streamKey: session.streamName,
    remoteAddress: addressOf(session.ip),
  });

  /**
   * NMS keeps a stream's readers attached after its publisher leaves, waiting for another one:
   * their next read would block. Ending their connections (after what was already relayed) lets
   * the packager read to the end, close its last segment and exit by itself, and a simulcast
   * see its source end.
   */
  function endReaders(streamPath: string) {
    const broadcast = nmsContext.broadcasts.get(streamPath);
    for (const reader of broadcast?.subscribers.values() ?? []) reader.close();
  }

  function listen(handlers: IngestHandlers) {
    // NMS's events are module-wide: a second ingest in the same process (two live nodes in one
    // test) must leave the other's sessions alone. Each answers only for its own listener's.
    const ours = (session: NmsSession) => session.socket?.localPort === port;
    const prePublish = (session: NmsSession) => {
      if (!ours(session)) return;
      const request = requestOf(session);
      if (request.app === INGEST_APP && handlers.authorize(request)) return;
      refused.add(session.id);
      session.close();
    };
    const postPublish = (session: NmsSession) => {
      if (!ours(session) || refused.has(session.id)) return;
      publishers.set(session.id, session);
      session.socket?.once('close', () => {
        publishers.delete(session.id);
        endReaders(session.streamPath);
        handlers.ended(session.id);
      });
      handlers.started(requestOf(session));
    };
    const prePlay = (session: NmsSession) => {
      if (!ours(session) || isLoopback(addressOf(session.ip))) return;
      options.log.warn({ address: session.ip }, 'live ingest: play refused to a remote client');
      session.close();
    };
    const donePublish = (session: NmsSession) => refused.delete(session.id);
    listeners.push(['prePublish', prePublish], ['postPublish', postPublish], ['prePlay', prePlay]);
    listeners.push(['donePublish', donePublish]);
    for (const [event, listener] of listeners) nmsContext.eventEmitter.on(event, listener);
  }

  return {
    async start(handlers) {
      // Its own logger prints to stdout (a banner at every start): only its warnings and errors, into ours.
      nmsLogger.log = (message, level = 'info') => {
        if (level === 'warn' || level === 'error') options.log.warn({ nms: message }, 'node-media-server');
      };
      // A port NMS only uses to decide whether to make its TCP server; we listen on it ourselves.
      server = new NodeMediaServer({ bind: options.host, rtmp: { port: 1 }, webadmin: { enable: false } });
      const tcp = server.rtmpServer.tcpServer;
      if (!tcp) throw new Error('node-media-server made no RTMP listener');
      listen(handlers);
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(options.port, options.host, () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      const address = tcp.address();
      port = typeof address === 'object' && address ? address.port : options.port;
      options.log.info({ host: options.host, port }, 'live ingest listening (RTMP)');
      return { port };
    },
    async stop() {
      for (const [event, listener] of listeners.splice(0)) nmsContext.eventEmitter.off(event, listener);
      await server?.stop();
      server = null;
    },
    stats(sessionId): PublisherStats | null {
      const session = publishers.get(sessionId);
      if (!session) return null;
      return {
        bytesIn: session.inBytes,
        videoCodec: codecName(VIDEO_CODECS, session.videoCodec),
        audioCodec: codecName(AUDIO_CODECS, session.audioCodec),
        width: positiveOrNull(session.videoWidth),
        height: positiveOrNull(session.videoHeight),
        fps: positiveOrNull(session.videoFramerate),
      };
    },
    kick(sessionId) {
      const session = publishers.get(sessionId);
      session?.close();
      // close() only half-closes (FIN): a publisher whose connection went half-open never answers
      // it, its socket never closes, and NMS keeps its stream's publisher slot taken. Ended now.
      session?.socket?.destroy();
    },
    playUrl(streamKey) {
      const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
      return `rtmp://${host.includes(':') ? `[${host}]` : host}:${port}/${INGEST_APP}/${streamKey}`;
    },
  };
}
