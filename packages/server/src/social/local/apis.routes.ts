import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_ENDPOINTS } from '../social.endpoints.ts';
import { type Answer, graphError, logId, unauthorized } from './errors.ts';
import {
  LOCAL_CHANNELS,
  LOCAL_INSTAGRAM_ACCOUNT,
  LOCAL_PAGES,
  LOCAL_USERNAME,
  type LocalPage,
  localAccountName,
  localUserId,
} from './fixtures.ts';
import { absoluteUrl, bearerToken, paramsOf, queryPairs, send } from './http.ts';
import type { OAuth2Platform } from './oauth2.routes.ts';
import { checkToken, type LocalState, sign } from './state.ts';
import type { AccessPayload } from './tokens.ts';

/**
 * The account calls of the OAuth 2.0 platforms, with a Bearer access token (or Graph's
 * `access_token` parameter): who the linked account is (profile), and what it can publish to
 * (targets: YouTube channels, Facebook pages and the Instagram business account behind a page).
 * Answers follow each API's documented shape, only the fields asked for where the API does that.
 */

type GraphPlatform = 'facebook' | 'instagram';

/** What an API handler has once the token is checked. */
interface Call {
  state: LocalState;
  request: FastifyRequest;
  params: Map<string, string>;
  access: AccessPayload;
  /** The avatar URL of an account, page or channel id (absolute: clients fetch it). */
  picture: (id?: string) => string;
}

export function registerApiRoutes(scope: FastifyInstance, state: LocalState, platform: OAuth2Platform): void {
  const endpoints = PLATFORM_ENDPOINTS[platform];
  const route = (path: string, handler: (call: Call) => Answer) => {
    scope.get(path, (request, reply) => withAccess(state, platform, scope.prefix, request, reply, handler));
  };
  switch (platform) {
    case 'youtube':
      route(endpoints.profile, googleUserinfo);
      route(endpoints.targets ?? '/youtube/v3/channels', youtubeChannels);
      return;
    case 'facebook':
    case 'instagram':
      route(endpoints.profile, (call) => graphMe(call, platform));
      route(endpoints.targets ?? '/v21.0/me/accounts', (call) => graphAccounts(call, platform));
      // Any other node by id: the Instagram business account behind a page, a page, the user.
      route('/v21.0/:id', (call) => graphNodeById(call, platform));
      return;
    case 'dailymotion':
      route(endpoints.profile, dailymotionMe);
      return;
    case 'tiktok':
      route(endpoints.profile, tiktokUserInfo);
      return;
  }
}

function withAccess(
  state: LocalState,
  platform: OAuth2Platform,
  prefix: string,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: (call: Call) => Answer,
) {
  const params = paramsOf(queryPairs(request));
  const graph = platform === 'facebook' || platform === 'instagram';
  const token = (graph ? params.get('access_token') : undefined) ?? bearerToken(request);
  const checked = checkToken(state, platform, 'access', token);
  if (!checked.ok) return send(reply, unauthorized(platform, checked.why));
  const picture = (id?: string) =>
    absoluteUrl(request, `${prefix}/avatar.svg${id ? `?id=${encodeURIComponent(id)}` : ''}`);
  return send(reply, handler({ state, request, params, access: checked.token.payload, picture }));
}

const ok = (body: unknown): Answer => ({ status: 200, body });

// ── Google ──────────────────────────────────────────────────────────────────────────────────

function googleUserinfo({ picture }: Call): Answer {
  return ok({ sub: localUserId('youtube'), name: localAccountName('youtube'), picture: picture() });
}

/** YouTube Data API v3 channels.list: `part` required, one filter (`mine` or `id`). */
function youtubeChannels({ params, picture }: Call): Answer {
  const parts = (params.get('part') ?? '').split(',').map((part) => part.trim());
  if (!params.get('part')) return youtubeBadRequest('Required parameter: part', 'required');
  const ids = params.get('id')?.split(',');
  if (params.get('mine') !== 'true' && !ids) {
    return youtubeBadRequest(
      'No filter selected. Expected one of: mySubscribers, forHandle, forUsername, managedByMe, mine, id, categoryId',
      'missingRequiredParameter',
    );
  }
  const items = LOCAL_CHANNELS.filter((channel) => !ids || ids.includes(channel.id)).map((channel) => ({
    kind: 'youtube#channel',
    etag: `etag-${channel.id}`,
    id: channel.id,
    ...(parts.includes('snippet') && {
      snippet: {
        title: channel.title,
        description: '',
        customUrl: `@${channel.title.toLowerCase().replaceAll(' ', '')}`,
        publishedAt: '2015-03-01T10:00:00Z',
        thumbnails: {
          default: { url: picture(channel.id), width: 88, height: 88 },
          medium: { url: picture(channel.id), width: 240, height: 240 },
          high: { url: picture(channel.id), width: 800, height: 800 },
        },
        localized: { title: channel.title, description: '' },
      },
    }),
  }));
  return ok({
    kind: 'youtube#channelListResponse',
    etag: 'etag-riverside-channels',
    pageInfo: { totalResults: items.length, resultsPerPage: 5 },
    items,
  });
}

function youtubeBadRequest(message: string, reason: string): Answer {
  return {
    status: 400,
    body: {
      error: {
        code: 400,
        message,
        errors: [{ message, domain: 'youtube.parameter', reason }],
        status: 'INVALID_ARGUMENT',
      },
    },
  };
}

// ── Graph API (Facebook, Instagram) ──────────────────────────────────────────────────────────

type GraphType = 'User' | 'Page' | 'IGUser';

/** `fields=id,name,picture{url},picture.type(large)` → the top-level field names. */
export function graphFieldNames(fields: string | undefined, defaults: readonly string[]): string[] {
  if (!fields) return [...defaults];
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of fields) {
    if (c === '{' || c === '(') depth += 1;
    if (c === '}' || c === ')') depth -= 1;
    if (c === ',' && depth === 0) {
      names.push(current);
      current = '';
    } else current += c;
  }
  names.push(current);
  return names.map((name) => name.trim().split(/[.{(]/)[0] ?? '').filter(Boolean);
}

/** The fields asked for of a node (the id always, as the Graph API does), or its error 100. */
function graphPick(node: Record<string, unknown>, type: GraphType, known: readonly string[], names: string[]): Answer {
  const unknown = names.find((name) => !known.includes(name));
  if (unknown) {
    return {
      status: 400,
      body: graphError(`(#100) Tried accessing nonexisting field (${unknown}) on node type (${type})`, 100),
    };
  }
  const picked: Record<string, unknown> = { id: node.id };
  for (const name of names) if (node[name] !== undefined) picked[name] = node[name];
  return ok(picked);
}

const graphPicture = (url: string) => ({ data: { height: 50, is_silhouette: false, url, width: 50 } });
const USER_FIELDS = ['id', 'name', 'picture'] as const;
const PAGE_FIELDS = [
  'id',
  'name',
  'access_token',
  'category',
  'tasks',
  'picture',
  'instagram_business_account',
] as const;
const IG_FIELDS = ['id', 'username', 'name', 'profile_picture_url'] as const;

function userNode({ picture }: Call, platform: GraphPlatform) {
  return { id: localUserId(platform), name: localAccountName(platform), picture: graphPicture(picture()) };
}

/** A page as the user sees it, with its own page access token (never expires, same grant). */
function pageNode({ state, access, picture }: Call, platform: GraphPlatform, page: LocalPage) {
  const pageToken = sign(state, { k: 'access', p: platform, u: access.u, g: access.g, pg: page.id });
  return {
    id: page.id,
    name: page.name,
    access_token: pageToken,
    category: 'Sports Team',
    tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
    picture: graphPicture(picture(page.id)),
    instagram_business_account: page.instagramId ? { id: page.instagramId } : undefined,
  };
}

function instagramNode({ picture }: Call) {
  return { ...LOCAL_INSTAGRAM_ACCOUNT, profile_picture_url: picture(LOCAL_INSTAGRAM_ACCOUNT.id) };
}

/** /me: the user, or the page when the token is a page token. */
function graphMe(call: Call, platform: GraphPlatform): Answer {
  const page = LOCAL_PAGES.find((item) => item.id === call.access.pg);
  if (page) {
    const { access_token: _token, ...node } = pageNode(call, platform, page);
    return graphPick(node, 'Page', PAGE_FIELDS, graphFieldNames(call.params.get('fields'), ['id', 'name']));
  }
  return graphPick(
    userNode(call, platform),
    'User',
    USER_FIELDS,
    graphFieldNames(call.params.get('fields'), ['id', 'name']),
  );
}

/** /me/accounts: the pages the user manages, each with its page access token. */
function graphAccounts(call: Call, platform: GraphPlatform): Answer {
  if (call.access.pg !== undefined) {
    return {
      status: 400,
      body: graphError('(#100) Tried accessing nonexisting field (accounts) on node type (Page)', 100),
    };
  }
  const names = graphFieldNames(call.params.get('fields'), ['access_token', 'category', 'name', 'id', 'tasks']);
  const data: unknown[] = [];
  for (const page of LOCAL_PAGES) {
    const picked = graphPick(pageNode(call, platform, page), 'Page', PAGE_FIELDS, names);
    if (picked.status !== 200) return picked;
    data.push(picked.body);
  }
  const cursor = (id: string) => Buffer.from(id).toString('base64url');
  const first = LOCAL_PAGES[0]?.id ?? '';
  const last = LOCAL_PAGES.at(-1)?.id ?? '';
  return ok({ data, paging: { cursors: { before: cursor(first), after: cursor(last) } } });
}

function graphNodeById(call: Call, platform: GraphPlatform): Answer {
  const id = (call.request.params as { id?: string }).id ?? '';
  const names = (defaults: string[]) => graphFieldNames(call.params.get('fields'), defaults);
  if (id === LOCAL_INSTAGRAM_ACCOUNT.id) return graphPick(instagramNode(call), 'IGUser', IG_FIELDS, names(['id']));
  const page = LOCAL_PAGES.find((item) => item.id === id);
  if (page) return graphPick(pageNode(call, platform, page), 'Page', PAGE_FIELDS, names(['id', 'name']));
  if (id === localUserId(platform))
    return graphPick(userNode(call, platform), 'User', USER_FIELDS, names(['id', 'name']));
  return {
    status: 400,
    body: {
      error: {
        message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      },
    },
  };
}

// ── Dailymotion ───────────────────────────────────────────────────────────────────────────────

function dailymotionMe({ params, picture }: Call): Answer {
  const user: Record<string, string> = {
    id: localUserId('dailymotion'),
    screenname: localAccountName('dailymotion'),
    username: LOCAL_USERNAME,
    avatar_120_url: picture(),
    avatar_240_url: picture(),
  };
  const fields = (params.get('fields') ?? 'id,screenname').split(',').filter(Boolean);
  const unknown = fields.find((field) => !Object.hasOwn(user, field));
  if (unknown) {
    return {
      status: 400,
      body: { error: { code: 400, message: `Unknown field: ${unknown}`, type: 'invalid_parameter' } },
    };
  }
  return ok(Object.fromEntries(fields.map((field) => [field, user[field]])));
}

// ── TikTok ─────────────────────────────────────────────────────────────────────────────────────

/** Display API /v2/user/info/: `fields` is required; only those come back. */
function tiktokUserInfo({ params, picture }: Call): Answer {
  const user: Record<string, string> = {
    open_id: localUserId('tiktok'),
    union_id: 'local-tiktok-union-1',
    avatar_url: picture(),
    avatar_url_100: picture(),
    avatar_large_url: picture(),
    display_name: localAccountName('tiktok'),
    username: LOCAL_USERNAME,
  };
  const fields = (params.get('fields') ?? '').split(',').filter(Boolean);
  const unknown = fields.find((field) => !Object.hasOwn(user, field));
  if (fields.length === 0 || unknown) {
    const message = unknown ? `Invalid field: ${unknown}` : 'The fields parameter is required.';
    return { status: 400, body: { data: {}, error: { code: 'invalid_params', message, log_id: logId() } } };
  }
  return ok({
    data: { user: Object.fromEntries(fields.map((field) => [field, user[field]])) },
    error: { code: 'ok', message: '', log_id: logId() },
  });
}
