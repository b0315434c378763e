/** The few parts of node-media-server 4.4.3 (JavaScript, no types) the ingest adapter uses. */
declare module 'node-media-server' {
  import type { Server, Socket } from 'node:net';

  export interface NmsSession {
    id: string;
    ip: string;
    protocol: string;
    streamApp: string;
    streamName: string;
    streamPath: string;
    inBytes: number;
    videoCodec: number;
    videoWidth: number;
    videoHeight: number;
    videoFramerate: number;
    audioCodec: number;
    socket?: Socket;
    close(): void;
  }

  type NmsEvent = 'prePublish' | 'postPublish' | 'donePublish' | 'prePlay' | 'postPlay' | 'donePlay';

  export default class NodeMediaServer {
    constructor(config: Record<string, unknown>);
    on(event: NmsEvent, listener: (session: NmsSession) => void): void;
    rtmpServer: { tcpServer?: Server };
    stop(): Promise<void>;
  }
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string; log(message: string, level?: string): void };
  export default logger;
}

declare module 'node-media-server/src/core/context.js' {
  import type { EventEmitter } from 'node:events';
  import type { NmsSession } from 'node-media-server';

  const context: {
    eventEmitter: EventEmitter;
    sessions: Map<string, NmsSession>;
    /** Stream path → its publisher and readers. */
    broadcasts: Map<string, { subscribers: Map<string, NmsSession> }>;
  };
  export default context;
}
