import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MESSAGES,
  type Attachment,
  attachmentPaths,
} from '@regie/contract/attachments';
import { renderMessage } from '@regie/contract/messages.render';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttachments } from '../src/db/attachments.table.ts';
import { type VideoTestContext, videoTestContext } from './videos-fixtures.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let ctx: VideoTestContext;
let eventId: number;
const token = (name: string) => ctx.tokens[name] ?? '';

/** POST the file as the web client's dropzone does (multipart, field "file"). */
function upload(as: string, file: { name: string; type: string; data: Buffer }, id = eventId) {
  const boundary = '----regie-attachment-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.request({
    method: 'POST',
    url: attachmentPaths.list(id),
    token: token(as),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** The signed link's path and query (the server's public URL left out). */
const local = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
};

beforeAll(async () => {
  ctx = await videoTestContext();
  await ctx.user('producer', ctx.accountA, ['sport_player_write']);
  await ctx.user('producerB', ctx.accountB, ['sport_player_write']);
  await ctx.user('clipper', ctx.accountA, ['clip_only']);
  const event = await ctx.request({
    method: 'POST',
    url: '/main-api/events',
    token: token('producer'),
    payload: { name: 'Final' },
  });
  eventId = event.json<{ id: number }>().id;
});
afterAll(() => ctx.cleanup());

describe('event attachments', () => {
  it('stores a PDF, lists it with its size and a signed link that downloads it', async () => {
    const created = await upload('producer', { name: 'Team sheet é.pdf', type: 'application/pdf', data: PDF });
    expect(created.statusCode, created.body).toBe(201);
    const attachment = created.json<Attachment>();
    expect(attachment).toMatchObject({
      eventId,
      name: 'Team sheet é.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });

    const listed = await ctx.request({ url: attachmentPaths.list(eventId), token: token('clipper') });
    expect(listed.statusCode).toBe(200);
    const [first] = listed.json<{ data: Attachment[] }>().data;
    expect(first?.id).toBe(attachment.id);

    const download = await ctx.request({ url: local(first?.downloadUrl ?? '') });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Team%20sheet%20%C3%A9.pdf");
  });

  it('refuses a download without a valid link', async () => {
    const created = (
      await upload('producer', { name: 'a.pdf', type: 'application/pdf', data: PDF })
    ).json<Attachment>();
    const path = attachmentPaths.download(eventId, created.id);
    expect((await ctx.request({ url: path })).statusCode).toBe(400);
    const forged = await ctx.request({ url: `${path}?t=9999999999.${'A'.repeat(32)}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(renderMessage(ATTACHMENT_MESSAGES.linkExpired));
    // A link of one attachment does not open another.
    const other = (await upload('producer', { name: 'b.pdf', type: 'application/pdf', data: PDF })).json<Attachment>();
    const token = new URL(created.downloadUrl, 'http://localhost').searchParams.get('t') ?? '';
    const swapped = await ctx.request({ url: `${attachmentPaths.download(eventId, other.id)}?t=${token}` });
    expect(swapped.statusCode).toBe(403);
  });

  it('accepts office documents by their container and declared type, refuses other files', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);
    const docx = await upload('producer', { name: 'notes.docx', type: DOCX, data: zip });
    expect(docx.statusCode, docx.body).toBe(201);
    expect(docx.json()).toMatchObject({ contentType: DOCX });

    const text = await upload('producer', { name: 'notes.pdf', type: 'application/pdf', data: Buffer.from('hello') });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(renderMessage(ATTACHMENT_MESSAGES.unsupportedType));
    const empty = await upload('producer', { name: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(ATTACHMENT_MAX_BYTES)]);
    const tooLarge = await upload('producer', { name: 'big.pdf', type: 'application/pdf', data: big });
    expect(tooLarge.statusCode).toBe(413);
    const json = await ctx.request({
      method: 'POST',
      url: attachmentPaths.list(eventId),
      token: token('producer'),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('lets readers list, writers upload and delete, and nobody of another account', async () => {
    expect((await upload('clipper', { name: 'c.pdf', type: 'application/pdf', data: PDF })).statusCode).toBe(403);
    expect((await upload('writerA', { name: 'c.pdf', type: 'application/pdf', data: PDF })).statusCode).toBe(403);
    expect((await upload('producerB', { name: 'c.pdf', type: 'application/pdf', data: PDF })).statusCode).toBe(404);
    expect((await ctx.request({ url: attachmentPaths.list(eventId), token: token('producerB') })).statusCode).toBe(404);
    expect((await ctx.request({ url: attachmentPaths.list(eventId) })).statusCode).toBe(401);

    const created = (
      await upload('producer', { name: 'gone.pdf', type: 'application/pdf', data: PDF })
    ).json<Attachment>();
    const one = attachmentPaths.one(eventId, created.id);
    expect((await ctx.request({ method: 'DELETE', url: one, token: token('clipper') })).statusCode).toBe(403);
    expect((await ctx.request({ method: 'DELETE', url: one, token: token('producerB') })).statusCode).toBe(404);
    expect((await ctx.request({ method: 'DELETE', url: one, token: token('producer') })).statusCode).toBe(204);
    expect((await ctx.request({ method: 'DELETE', url: one, token: token('producer') })).statusCode).toBe(404);
    expect((await ctx.request({ url: local(created.downloadUrl) })).statusCode).toBe(404);
    const ids = (await ctx.request({ url: attachmentPaths.list(eventId), token: token('producer') }))
      .json<{ data: Attachment[] }>()
      .data.map((item) => item.id);
    expect(ids).not.toContain(created.id);
  });

  it("removes an event's attachment files from storage when the event is deleted, and only its own", async () => {
    const make = async (name: string) =>
      (
        await ctx.request({ method: 'POST', url: '/main-api/events', token: token('producer'), payload: { name } })
      ).json<{ id: number }>().id;
    const doomed = await make('Friendly');
    const kept = await make('League');
    for (const id of [doomed, doomed, kept]) {
      const created = await upload('producer', { name: 'Sheet.pdf', type: 'application/pdf', data: PDF }, id);
      expect(created.statusCode, created.body).toBe(201);
    }
    const keysOf = async (id: number) =>
      (await ctx.db.select().from(eventAttachments).where(eq(eventAttachments.eventId, id))).map(
        (row) => row.storageKey,
      );
    const doomedKeys = await keysOf(doomed);
    const [keptKey] = await keysOf(kept);
    expect(doomedKeys).toHaveLength(2);
    for (const key of doomedKeys) expect(await ctx.storage.exists(key)).toBe(true);

    const deleted = await ctx.request({
      method: 'DELETE',
      url: `/main-api/events/${doomed}`,
      token: token('producer'),
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    ctx.workers();
    await expect
      .poll(async () => (await Promise.all(doomedKeys.map((key) => ctx.storage.exists(key)))).some(Boolean), {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(false);
    await ctx.stopWorkers();
    expect(await ctx.storage.exists(keptKey ?? '')).toBe(true);
  });
});
