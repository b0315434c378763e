/**
 * The RTMP ingest behind one small interface, so another server (nginx with the RTMP module,
 * through its on_publish callbacks) could replace node-media-server (ingest.nms.ts).
 *
 * `authorize` is called synchronously when a client asks to publish: it answers from memory
 * (the key book), never from the database, and a refused client is disconnected at once.
 */
export interface PublishRequest {
  sessionId: string;
  /** The RTMP application (`live`) and stream name (the stream key). */
  app: string;
  streamKey: string;
  remoteAddress: string;
}

/** What the ingest knows of a connected publisher. */
export interface PublisherStats {
  bytesIn: number;
  videoCodec: string | null;
  audioCodec: string | null;
  width: number | null;
  height: number | null;
  /** The frame rate the encoder announced. */
  fps: number | null;
}

export interface IngestHandlers {
  /** true: accept; false: refuse (the ingest closes the connection). */
  authorize(request: PublishRequest): boolean;
  /** An accepted publisher is on air (its stream can be played from `playUrl`). */
  started(request: PublishRequest): void;
  /** Its connection closed (at once, not after a reconnect grace). */
  ended(sessionId: string): void;
}

export interface Ingest {
  /** Starts listening; resolves with the port bound (a free one when asked for 0). */
  start(handlers: IngestHandlers): Promise<{ port: number }>;
  stop(): Promise<void>;
  stats(sessionId: string): PublisherStats | null;
  /** Disconnects a publisher (its key was rotated or its input deleted). */
  kick(sessionId: string): void;
  /** Where a local reader (the packager, a simulcast) plays a publishing key. */
  playUrl(streamKey: string): string;
}
