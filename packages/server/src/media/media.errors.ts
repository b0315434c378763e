import { MEDIA_MESSAGES } from '@regie/contract/media';
import type { Message } from '@regie/contract/messages';
import { MessageError } from '../common/message.error.ts';

/**
 * A media file or operation that cannot work as asked: the message is meant for people (it
 * becomes a job's lastError) and retrying will not change it.
 */
export class MediaError extends MessageError {
  /** missing: no such file; unreadable: not a playable video; invalid: a bad request; tooling: no ffmpeg. */
  readonly code: 'missing' | 'unreadable' | 'invalid' | 'tooling';

  constructor(code: MediaError['code'], message: Message, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaError';
    this.code = code;
  }
}

/** ffmpeg or ffprobe ended with an error; stderrTail holds its last lines. */
export class FfmpegError extends MessageError {
  readonly exitCode: number | null;
  readonly stderrTail: string;

  constructor(command: string, exitCode: number | null, stderrTail: string) {
    super(MEDIA_MESSAGES.toolFailed(command, exitCode, stderrTail));
    this.name = 'FfmpegError';
    this.exitCode = exitCode;
    this.stderrTail = stderrTail;
  }
}
