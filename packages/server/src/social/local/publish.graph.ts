import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { graphFieldNames } from './apis.routes.ts';
import { type Answer, graphError, unauthorized } from './errors.ts';
import { LOCAL_PAGES, type LocalPage } from './fixtures.ts';
import { send } from './http.ts';
import { graphToken } from './publish.http.ts';
import { checkToken, type LocalState } from './state.ts';

/**
 * What Facebook's and Instagram's publishing calls share: the page access token a call must
 * carry (minted by /me/accounts, `pg` its page), the Graph API's errors for unknown objects and
 * fields, and the answers to `GET /v21.0/{id}` for the objects they made (videos, containers,
 * media), which the account routes' own `/v21.0/:id` hands over to.
 */

export type GraphPlatform = 'facebook' | 'instagram';

/** A checked call: the page it acts for. */
export type PageAccess = { ok: true; page: LocalPage } | { ok: false; answer: Answer };

/**
 * The page access token of `pageId` ('me': the token's own page), from `access_token` or Bearer.
 * A user token, or another page's, is refused with (#200).
 */
export function pageAccess(
  state: LocalState,
  platform: GraphPlatform,
  request: FastifyRequest,
  params: Map<string, string>,
  pageId: string,
  method: 'get' | 'post' = 'get',
): PageAccess {
  const checked = checkToken(state, platform, 'access', graphToken(params, request));
  if (!checked.ok) return { ok: false, answer: unauthorized(platform, checked.why) };
  const id = pageId === 'me' ? (checked.token.payload.pg ?? '') : pageId;
  const page = LOCAL_PAGES.find((item) => item.id === id);
  if (!page) return { ok: false, answer: unknownObject(pageId, method) };
  if (checked.token.payload.pg !== page.id) {
    return {
      ok: false,
      answer: {
        status: 403,
        body: graphError(`(#200) This call requires the page access token of page ${page.id}.`, 200),
      },
    };
  }
  return { ok: true, page };
}

/** The Graph API's answer for an id it does not know (or may not show). */
export function unknownObject(id: string, method: 'get' | 'post' = 'get'): Answer {
  return {
    status: 400,
    body: {
      error: {
        message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
        fbtrace_id: 'local',
      },
    },
  };
}

export function graphParamError(message: string, extra: Record<string, unknown> = {}): Answer {
  return { status: 400, body: graphError(`(#100) ${message}`, 100, extra) };
}

/** The fields asked for of a node (the id always), or (#100) for a field it does not have. */
export function pickFields(
  node: Record<string, unknown>,
  type: string,
  fields: string | undefined,
  defaults: readonly string[],
): { ok: true; picked: Record<string, unknown> } | { ok: false; answer: Answer } {
  const names = graphFieldNames(fields, defaults);
  const unknown = names.find((name) => !Object.hasOwn(node, name));
  if (unknown) {
    return {
      ok: false,
      answer: graphParamError(`Tried accessing nonexisting field (${unknown}) on node type (${type})`),
    };
  }
  const picked: Record<string, unknown> = { id: node.id };
  for (const name of names) if (node[name] !== undefined) picked[name] = node[name];
  return { ok: true, picked };
}

/** An edge's page of nodes (`data`, cursors when there is any). */
export function edgePage(data: Record<string, unknown>[]): Answer {
  const cursor = (node: Record<string, unknown> | undefined) =>
    Buffer.from(String(node?.id ?? '')).toString('base64url');
  return {
    status: 200,
    body: {
      data,
      ...(data.length > 0 && { paging: { cursors: { before: cursor(data[0]), after: cursor(data.at(-1)) } } }),
    },
  };
}

/**
 * `GET /v21.0/{id}` belongs to the account routes (apis.routes.ts), registered after this: their
 * handler is wrapped so that an id of a publishing object is answered by `answer` (null: not ours).
 */
export function interceptGraphNodes(
  scope: FastifyInstance,
  answer: (request: FastifyRequest, id: string) => Answer | null,
): void {
  const url = `${scope.prefix}/v21.0/:id`;
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url !== url || !methods.includes('GET')) return;
    const original = route.handler as RouteHandlerMethod;
    route.handler = function graphNode(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const id = (request.params as { id?: string }).id ?? '';
      const answered = answer(request, id);
      if (answered) return send(reply, answered);
      return original.call(this, request, reply);
    };
  });
}
