import { describe, expect, it } from 'vitest';
import { type Credentials, createApiClient } from './client.ts';
import { uploadImage } from './resource-api.ts';
import { INITIAL_UPLOAD, type UploadState, uploadPercent, uploadReducer } from './upload.ts';

describe('upload progress (spec §4)', () => {
  it('is the bytes sent over the file size × 100, rounded, within 0..100', () => {
    expect(uploadPercent(0, 2_000)).toBe(0);
    expect(uploadPercent(500, 2_000)).toBe(25);
    expect(uploadPercent(1_999, 2_000)).toBe(100);
    // Multipart framing makes the body larger than the file.
    expect(uploadPercent(2_300, 2_000)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });

  it('goes init → start → progress → success at 100, or fail with the error, then reset', () => {
    const file = new File(['x'.repeat(1_000)], 'logo.png', { type: 'image/png' });
    let state: UploadState = uploadReducer(INITIAL_UPLOAD, { type: 'start', file });
    expect(state).toMatchObject({ status: 'uploading', percent: 0 });
    state = uploadReducer(state, { type: 'progress', loadedBytes: 400 });
    expect(state.percent).toBe(40);
    const result = { key: 'k', url: '/images/k.png', contentType: 'image/png' as const, size: 1_000 };
    expect(uploadReducer(state, { type: 'success', result })).toMatchObject({ status: 'done', percent: 100, result });
    expect(uploadReducer(state, { type: 'fail', error: 'Too large' })).toMatchObject({
      status: 'failed',
      error: 'Too large',
    });
    expect(uploadReducer(state, { type: 'reset' })).toEqual(INITIAL_UPLOAD);
  });
});

/** Just enough of XMLHttpRequest to play an upload: progress events, then the answer. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private contentType = 'application/json';
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function clientWith(credentials: Credentials) {
  return createApiClient({
    fetch: () => Promise.reject(new Error('no fetch in this test')),
    credentials: () => credentials,
    createUploadRequest: () => new FakeRequest() as unknown as XMLHttpRequest,
  });
}

describe('image upload through the API client', () => {
  const file = new File(['x'.repeat(2_000)], 'logo.png', { type: 'image/png' });

  it('posts the file and its kind, signed, and reports the bytes sent', async () => {
    const client = clientWith({ accessToken: 'token-1', accountKey: 'key-own' });
    const loaded: number[] = [];
    const done = uploadImage(client, file, 'logo', (bytes) => loaded.push(bytes));
    const request = FakeRequest.last as FakeRequest;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/main-api/uploads/images');
    expect(request.headers).toMatchObject({ Authorization: 'Bearer token-1', 'x-account-key': 'key-own' });
    expect(request.headers['Content-Type']).toBeUndefined();
    expect(request.body?.get('kind')).toBe('logo');
    expect((request.body?.get('file') as File | undefined)?.name).toBe('logo.png');
    request.upload.onprogress?.({ loaded: 1_000 });
    request.answer(201, { key: 'logo/1.png', url: '/assets/logo/1.png', contentType: 'image/png', size: 2_000 });
    await expect(done).resolves.toMatchObject({ url: '/assets/logo/1.png' });
    expect(loaded).toEqual([1_000]);
  });

  it('adds the simulated account for an admin acting for it', () => {
    const client = clientWith({
      accessToken: 't',
      accountKey: 'own',
      simulatedAccount: { id: 42, name: 'OL', accountKey: 'key-42' },
    });
    void uploadImage(client, file, 'logo', () => undefined).catch(() => undefined);
    const request = FakeRequest.last as FakeRequest;
    expect(request.headers['x-account-key']).toBe('key-42');
    expect(request.body?.get('AccountId')).toBe('42');
  });

  it('rejects with the server’s error body', async () => {
    const client = clientWith({ accessToken: 't' });
    const done = uploadImage(client, file, 'logo', () => undefined);
    (FakeRequest.last as FakeRequest).answer(413, {
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'File too large',
    });
    await expect(done).rejects.toMatchObject({ status: 413, message: 'File too large' });
  });
});
