import type { Dispatch, SetStateAction } from 'react';
import type { VideoDetails, videoUploadCalls } from './upload-calls.ts';
import { forgetUpload } from './upload-engine.ts';
import { createProgress, openSession, rememberConfirmed, sendMissingParts } from './upload-session.ts';
import type { VideoUploadState } from './upload-state.ts';

interface TransferArgs {
  calls: ReturnType<typeof videoUploadCalls>;
  accountId: number;
  file: File;
  details: VideoDetails;
  signal: AbortSignal;
  setState: Dispatch<SetStateAction<VideoUploadState>>;
  /** The upload was completed and forgotten: the list of unfinished ones changed. */
  onCompleted: () => void;
}

/**
 * One run of an upload: open (or resume) its session, send the parts the server lacks, then
 * complete it, reporting each step in the state. Throws on failure or abort; the caller reports.
 */
export async function transferVideo({ calls, accountId, file, details, signal, setState, onCompleted }: TransferArgs) {
  const session = await openSession(calls, accountId, file, details);
  signal.throwIfAborted();
  const { uploadId, videoId } = session;
  const progress = createProgress(session);
  const show = (patch: Partial<VideoUploadState>) =>
    setState((current) => ({ ...current, ...progress.view(), ...patch }));
  if (session.state !== 'open') {
    // Completed before the page was left: the video is already on its way.
    forgetUpload(localStorage, uploadId);
    show({ status: 'done', percent: 100, videoId });
    return;
  }
  show({ status: 'uploading', videoId, resumedBytes: progress.resumedBytes });
  await sendMissingParts({
    session,
    file,
    signal,
    onPartDone: (bytes) => {
      progress.add(bytes);
      rememberConfirmed(accountId, file, progress.confirmed());
      show({ retrying: false });
    },
    onRetry: () => show({ retrying: true }),
  });
  show({ status: 'completing', retrying: false });
  await calls.complete(uploadId);
  forgetUpload(localStorage, uploadId);
  onCompleted();
  show({ status: 'done', percent: 100, secondsLeft: 0 });
}
