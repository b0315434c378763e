import { FANS_RULE, fanPaths } from '@regie/contract/fans';
import {
  fanParams,
  profile,
  profileBody,
  profileCountBody,
  profileCountResponse,
  profilesResponse,
} from '@regie/contract/fans.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXEMPTIONS } from '../audit/audit.declared.ts';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { noContent } from '../resources/resources.http.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import {
  countByRules,
  createProfile,
  deleteProfile,
  listProfiles,
  readProfile,
  updateProfile,
} from './profiles.service.ts';

const common = { tags: ['profiles'], security: BEARER };
const refusals = errorResponses(400, 401, 403, 404);

/** Fan profiles (segments, spec §7 'profiles'): use_crm in an account with FANS_CRM. */
export const profilesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (app, { db, guards }) => {
  const onCrm = guards.requireRule(FANS_RULE);
  const accountOf = (request: Parameters<typeof authOf>[0]) => authOf(request).account.id;
  app.get(
    fanPaths.profiles,
    {
      onRequest: onCrm,
      schema: {
        ...common,
        summary: "The account's fan profiles with their member counts",
        response: { 200: profilesResponse, ...refusals },
      },
    },
    async (request) => listProfiles(db, accountOf(request)),
  );
  app.post(
    fanPaths.profilesCount,
    {
      onRequest: onCrm,
      // Counts the fans some rules hold: a POST for its body, that changes nothing.
      config: { audit: { exempt: AUDIT_EXEMPTIONS.noChange } },
      schema: {
        ...common,
        summary: 'How many fans these rules hold now',
        body: profileCountBody,
        response: { 200: profileCountResponse, ...refusals },
      },
    },
    async (request) => ({ count: await countByRules(db, accountOf(request), request.body.rules) }),
  );
  app.post(
    fanPaths.profiles,
    {
      onRequest: onCrm,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Creates a fan profile',
        body: profileBody,
        response: { 201: profile, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProfile(db, auditSourceOf(request), accountOf(request), request.body)),
  );
  app.get(
    fanPaths.profileById(),
    {
      onRequest: onCrm,
      schema: { ...common, summary: 'One fan profile', params: fanParams, response: { 200: profile, ...refusals } },
    },
    async (request) => readProfile(db, accountOf(request), request.params.id),
  );
  app.put(
    fanPaths.profileById(),
    {
      onRequest: onCrm,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Changes a fan profile',
        params: fanParams,
        body: profileBody,
        response: { 200: profile, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateProfile(db, auditSourceOf(request), accountOf(request), request.params.id, request.body),
  );
  app.delete(
    fanPaths.profileById(),
    {
      onRequest: onCrm,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Deletes a fan profile',
        params: fanParams,
        response: { 204: noContent, ...refusals },
      },
    },
    async (request, reply) => {
      await deleteProfile(db, auditSourceOf(request), accountOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
