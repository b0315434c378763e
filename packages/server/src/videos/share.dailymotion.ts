import { fileForm, joinUrl, platformJson, stringField } from './share.http.ts';
import type { ShareFactory } from './share.types.ts';

/**
 * Dailymotion, by its documented HTTP API (it has no Node SDK): `GET /file/upload` gives an upload
 * URL, the file is posted there, then `POST /me/videos` with the uploaded file's URL publishes it.
 */
export const dailymotionAdapter: ShareFactory =
  ({ apiUrl }) =>
  async (oauth, upload) => {
    const headers = { authorization: `Bearer ${oauth.dailymotion?.accessToken ?? ''}` };
    const { signal } = upload;
    const slot = await platformJson('dailymotion', joinUrl(apiUrl, 'file/upload'), { headers, signal });
    const form = fileForm({}, 'file', upload.file, upload.onProgress);
    const uploaded = await platformJson('dailymotion', stringField('dailymotion', slot, 'upload_url'), {
      method: 'POST',
      headers: form.headers,
      body: form.body,
      duplex: 'half',
      signal,
    });
    const published = await platformJson('dailymotion', joinUrl(apiUrl, 'me/videos?fields=id,url'), {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        url: stringField('dailymotion', uploaded, 'url'),
        title: upload.title,
        description: upload.description,
        published: 'true',
        is_created_for_kids: 'false',
        channel: 'sport',
      }),
      signal,
    });
    const externalId = stringField('dailymotion', published, 'id');
    const url = typeof published.url === 'string' ? published.url : `https://www.dailymotion.com/video/${externalId}`;
    return { externalId, url };
  };
