import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, outboxFolder } from './mail.ts';

/** The two mail backends: SMTP (against a minimal local SMTP server) and the local outbox. */

const FROM = 'Regie <no-reply@regie.invalid>';
const mail = { to: 'zoe@example.com', subject: 'Confirmez votre inscription', text: 'Votre code : fanc_abc' };

/** Speaks just enough SMTP for one client; resolves each message's DATA. */
function smtpServer(): { server: Server; messages: string[]; listening: Promise<number> } {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffered = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      let end = buffered.indexOf('\r\n');
      while (end >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            messages.push(data);
            data = null;
            socket.write('250 queued\r\n');
          } else data += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^DATA/i.test(line)) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        end = buffered.indexOf('\r\n');
      }
    });
  });
  const listening = new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return { server, messages, listening };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the mailer', () => {
  it('sends through the SMTP server of SMTP_URL', async () => {
    const { server, messages, listening } = smtpServer();
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const port = await listening;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM }, '/nonexistent');
    expect(mailer.kind).toBe('smtp');
    await mailer.send(mail);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^To: zoe@example\.com$/m);
    expect(messages[0]).toMatch(/^From: Regie <no-reply@regie\.invalid>$/m);
    expect(messages[0]).toContain('fanc_abc');
    expect(mailer.recent()).toEqual([]);
  });

  it('writes each mail as an .eml file in the data folder without SMTP_URL, and keeps the last ones', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'regie-mail-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const mailer = createMailer({ smtpUrl: null, from: FROM }, dataDir);
    expect(mailer.kind).toBe('outbox');
    await mailer.send(mail);
    await mailer.send({ ...mail, to: 'leo@example.com', subject: 'Second' });
    const files = await readdir(outboxFolder(dataDir));
    expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    expect(mailer.recent().map((sent) => sent.to)).toEqual(['leo@example.com', 'zoe@example.com']);
    const eml = await readFile(mailer.recent()[1]?.file ?? '', 'utf8');
    expect(eml).toMatch(/^To: zoe@example\.com$/m);
    expect(eml).toMatch(/^Subject: Confirmez votre inscription$/m);
    expect(eml).toContain('fanc_abc');
  });
});
