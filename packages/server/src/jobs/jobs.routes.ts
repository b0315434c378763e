import { JOB_WRITE_ROLES, jobPaths } from '@regie/contract/jobs';
import { cancelJobsQuery, jobIdParams, jobListQuery, jobListResponse, jobResponse } from '@regie/contract/jobs.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import type { JobEvents } from './jobs.events.ts';
import { presentJob } from './jobs.presenter.ts';
import { cancelJobs, getJob, listJobs, retryJob } from './jobs.service.ts';

/**
 * Jobs of the account acted for (spec §7). Reading needs any signed-in user of the account;
 * cancelling and retrying need one of JOB_WRITE_ROLES. POST jobs/importMarkers and
 * jobs/importEventStats come with the data-import issue.
 */
export const jobsRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; events: JobEvents }> = async (
  app,
  { db, guards, events },
) => {
  const common = { tags: ['jobs'], security: BEARER };
  const requireWrite = guards.requireRoles(...JOB_WRITE_ROLES);

  app.get(
    jobPaths.jobs,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Jobs of the account, newest first, e.g. ?state=waiting,in_progress&resourceType=Video&resourceId=42',
        querystring: jobListQuery,
        response: { 200: jobListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => (await listJobs(db, authOf(request).account.id, request.query)).map(presentJob),
  );

  app.delete(
    jobPaths.jobs,
    {
      onRequest: requireWrite,
      schema: {
        ...common,
        summary: 'Cancels the waiting and running jobs of a resource (a running one is aborted)',
        querystring: cancelJobsQuery,
        response: { 204: z.null(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await cancelJobs(db, authOf(request).account.id, request.query, events);
      return reply.code(204).send(null);
    },
  );

  app.get(
    jobPaths.job(':id'),
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: 'One job: state, progress, reason of failure, result',
        params: jobIdParams,
        response: { 200: jobResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => presentJob(await getJob(db, authOf(request).account.id, request.params.id)),
  );

  app.post(
    jobPaths.retry(':id'),
    {
      onRequest: requireWrite,
      schema: {
        ...common,
        summary: 'Runs a failed job again, its attempts reset',
        params: jobIdParams,
        response: { 200: jobResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => presentJob(await retryJob(db, authOf(request).account.id, request.params.id, events)),
  );
};
