import { fileForm, joinUrl, platformJson, stringField } from './share.http.ts';
import { type ShareFactory, type ShareUpload, shareErrorFor } from './share.types.ts';

/** An offset of the Graph API's answers (sent as strings), checked. */
function offset(answer: Record<string, unknown>, field: string): number {
  const value = Number(answer[field]);
  if (!Number.isInteger(value) || value < 0) throw shareErrorFor('facebook', 502, `the answer has no valid ${field}`);
  return value;
}

/**
 * Facebook: the Graph API's resumable video upload to a page (`POST /{page-id}/videos` with
 * upload_phase start, then transfer of the chunks Facebook asks for, then finish with the title),
 * on the page the user linked, or their own timeline (`me`) without one. Facebook has no official
 * Node SDK; this is its documented HTTP API. Chunks are streamed from the file, never held whole.
 */
export const facebookAdapter: ShareFactory =
  ({ apiUrl }) =>
  async (oauth, upload: ShareUpload) => {
    const accessToken = oauth.facebook?.accessToken ?? '';
    const owner = oauth.facebook?.pageId || 'me';
    const endpoint = joinUrl(apiUrl, `${encodeURIComponent(owner)}/videos`);
    const { file, signal } = upload;
    const phase = (fields: Record<string, string>) =>
      platformJson('facebook', endpoint, {
        method: 'POST',
        body: new URLSearchParams({ access_token: accessToken, ...fields }),
        signal,
      });

    const started = await phase({ upload_phase: 'start', file_size: String(file.size) });
    const sessionId = stringField('facebook', started, 'upload_session_id');
    const externalId = stringField('facebook', started, 'video_id');
    let range = { start: offset(started, 'start_offset'), end: offset(started, 'end_offset') };
    while (range.start < range.end) {
      const chunk = range;
      const form = fileForm(
        {
          access_token: accessToken,
          upload_phase: 'transfer',
          upload_session_id: sessionId,
          start_offset: String(chunk.start),
        },
        'video_file_chunk',
        file,
        (fraction) => upload.onProgress((chunk.start + fraction * (chunk.end - chunk.start)) / file.size),
        chunk,
      );
      const next = await platformJson('facebook', endpoint, {
        method: 'POST',
        headers: form.headers,
        body: form.body,
        duplex: 'half',
        signal,
      });
      range = { start: offset(next, 'start_offset'), end: offset(next, 'end_offset') };
      if (range.start <= chunk.start) throw shareErrorFor('facebook', 502, 'the upload did not move forward');
    }
    await phase({
      upload_phase: 'finish',
      upload_session_id: sessionId,
      title: upload.title,
      description: upload.description,
    });
    return { externalId, url: `https://www.facebook.com/${encodeURIComponent(owner)}/videos/${externalId}` };
  };
