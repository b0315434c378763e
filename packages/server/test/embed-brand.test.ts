import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embedPaths } from '@regie/contract/embed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/accounts.table.ts';
import { themes } from '../src/db/themes.table.ts';
import { createTestContext, type TestContext } from './helpers.ts';
import { insertEvent, PRODUCER_GRANTS, signIn } from './insights-fixtures.ts';

/** WHITE_LABEL (issue 47.6): the player page as its owner's, or as Regie's with its discreet credit. */

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), 'regie-embed-page-'));
  await writeFile(
    join(webDist, 'embed.html'),
    '<!doctype html><html><head><title>Player</title></head><body><main id="embed"></main></body></html>',
  );
  ctx = await createTestContext({ config: { webDist } });
});
afterAll(async () => {
  await ctx.close();
  await rm(webDist, { recursive: true, force: true });
});

async function pageOf(modules: string[]) {
  const club = await signIn(ctx, PRODUCER_GRANTS);
  await ctx.db
    .update(accounts)
    .set({ modules: [...PRODUCER_GRANTS.modules, ...modules], name: `Olympique ${club.accountId}` })
    .where(eq(accounts.id, club.accountId));
  const [theme] = await ctx.db
    .insert(themes)
    .values({
      name: 'Home kit',
      primaryColor: '#1A237E',
      secondaryColor: '#FFFFFF',
      logo: 'logo/crest.png',
      accountId: club.accountId,
    })
    .returning({ id: themes.id });
  const eventId = await insertEvent(ctx, club.accountId, { themeId: theme?.id ?? null });
  const snippet = await ctx.request({ url: embedPaths.eventEmbed(eventId), token: club.token });
  const path = new URL(snippet.json<{ url: string }>().url).pathname;
  const page = await ctx.request({ url: path });
  expect(page.statusCode, page.body).toBe(200);
  return { html: page.body, accountId: club.accountId };
}

describe('the player page', () => {
  it('is the club’s own when white-labelled: its name, its crest as favicon, its colours', async () => {
    const { html, accountId } = await pageOf(['WHITE_LABEL']);
    expect(html).toContain(`<title>Olympique ${accountId}</title>`);
    expect(html).toContain('data-white-label="true"');
    expect(html).toContain('<link rel="icon" href="/images/logo/crest.png" />');
    expect(html).toContain('--brand-primary:#1A237E;--brand-on-primary:#ffffff');
    expect(html).not.toContain('Regie');
  });

  it('says Regie made it otherwise, in the club’s colours still', async () => {
    const { html } = await pageOf([]);
    expect(html).toContain('<title>Regie</title>');
    expect(html).toContain('data-white-label="false"');
    expect(html).toContain('href="/favicon.svg"');
    expect(html).toContain('--brand-primary:#1A237E');
  });

  it('is Regie’s for a token that names nothing', async () => {
    const page = await ctx.request({ url: '/embed/events/not-a-token' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Regie</title>');
  });
});
