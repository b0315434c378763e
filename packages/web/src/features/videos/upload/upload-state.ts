export type UploadStatus = 'idle' | 'preparing' | 'uploading' | 'completing' | 'done' | 'failed' | 'cancelled';

export interface VideoUploadState {
  status: UploadStatus;
  fileName: string | null;
  percent: number;
  /** Smoothed bytes per second, null until the first part was confirmed. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** Bytes the server already had when this run started (a resumed upload). */
  resumedBytes: number;
  /** A part is waiting to be sent again after a dropped connection. */
  retrying: boolean;
  error: string | null;
  videoId: number | null;
}

/** Before any file was given, and the base each new run starts from. */
export const IDLE: VideoUploadState = {
  status: 'idle',
  fileName: null,
  percent: 0,
  bytesPerSecond: null,
  secondsLeft: null,
  resumedBytes: 0,
  retrying: false,
  error: null,
  videoId: null,
};
