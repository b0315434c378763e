import { CAMERA_CONTENT_KINDS, multicamStatusResponse } from '@regie/contract/cameras';
import { CLIP_RULE, clipPaths } from '@regie/contract/clips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import { findScopedContent, multicamStatus } from './cameras.service.ts';
import type { LiveTokens } from './live.tokens.ts';
import { programPlaylistPath } from './program.media.ts';
import type { ContentRef } from './program.ts';

export interface LiveProgramRoutesOptions {
  db: Db;
  guards: Guards;
  tokens: LiveTokens;
  publicUrl: string;
}

const params = z.object({ id: z.coerce.number().int().positive() });

/** The signed playlists of a content's program (the same as the multicam status gives operators). */
export function programPlayback(tokens: LiveTokens, publicUrl: string, accountId: number) {
  return (content: ContentRef) => {
    const token = tokens.signProgram(accountId, content);
    return {
      liveUrl: `${publicUrl}${programPlaylistPath(accountId, content, 'live', token)}`,
      dvrUrl: `${publicUrl}${programPlaylistPath(accountId, content, 'dvr', token)}`,
    };
  };
}

/**
 * GET events|business-players/{id}/live-clips/program (contract clipPaths.liveProgram): the
 * program for those who clip a live without operating it (CLIP_RULE, not the cameras' rule), so
 * that the clip page plays the live's DVR and takes its points from the frame on screen.
 */
export const liveProgramRoutes: FastifyPluginAsyncZod<LiveProgramRoutesOptions> = async (app, options) => {
  const { db, guards, tokens, publicUrl } = options;
  for (const kind of CAMERA_CONTENT_KINDS) {
    app.get(
      clipPaths.liveProgram(kind, ':id'),
      {
        onRequest: guards.requireRule(CLIP_RULE),
        schema: {
          tags: ['clips'],
          security: BEARER,
          summary: 'The program of a live as its clippers see it: cameras, the camera on air, signed playlists',
          description:
            'The same answer as GET multicams/{cameraId}/status, for the clip roles: the DVR playlist is the ' +
            'player the clip page takes in / out points and markers from. 404 for another account’s content.',
          params,
          response: { 200: multicamStatusResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const content = await findScopedContent(db, authOf(request), { kind, id: request.params.id });
        return multicamStatus(db, content, programPlayback(tokens, publicUrl, content.accountId));
      },
    );
  }
};
