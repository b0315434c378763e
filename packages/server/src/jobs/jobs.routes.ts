import { effectiveGrants } from '@regie/contract/access';
import { jobPaths, manageableJobTypes } from '@regie/contract/jobs';
import { cancelJobsQuery, jobIdParams, jobListQuery, jobListResponse, jobResponse } from '@regie/contract/jobs.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditSourceOf } from '../audit/audit.service.ts';
import type { Db } from '../db/database.ts';
import { forbidden } from '../http/http.errors.ts';
import { BEARER, errorResponses } from '../http/responses.schema.ts';
import { accessSubject, authOf, type Guards } from '../tenancy/tenancy.guards.ts';
import type { JobEvents } from './jobs.events.ts';
import { presentJob } from './jobs.presenter.ts';
import { cancelJobs, getJob, listJobs, retryJob } from './jobs.service.ts';

/**
 * Jobs of the account acted for (spec §7). Reading needs any signed-in user of the account;
 * cancelling and retrying need one of JOB_WRITE_ROLES, or a role of JOB_TYPE_WRITE_ROLES for
 * jobs of that type (a clipper's clips). POST jobs/importMarkers and
 * jobs/importEventStats come with the data-import issue.
 */
export const jobsRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; events: JobEvents }> = async (
  app,
  { db, guards, events },
) => {
  const common = { tags: ['jobs'], security: BEARER };
  /** The job types the user may cancel or retry; 403 when none. */
  const requireWrite = async (request: FastifyRequest) => {
    await guards.requireAuth(request);
    if (writableTypes(request).length === 0) throw forbidden();
  };
  const writableTypes = (request: FastifyRequest) =>
    manageableJobTypes(effectiveGrants(accessSubject(authOf(request))).roles);

  app.get(
    jobPaths.jobs,
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary:
          'Jobs of the account, newest first, e.g. ?state=waiting,in_progress&resourceType=Video&resourceId=42 (resourceType=Job: the job of that id)',
        querystring: jobListQuery,
        response: { 200: jobListResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return (await listJobs(db, auth.account.id, request.query)).map((row) => presentJob(row, auth.language));
    },
  );

  app.delete(
    jobPaths.jobs,
    {
      onRequest: requireWrite,
      // A resource with no job under way: nothing to cancel, nothing recorded (resourceType=Job
      // answers 409 instead).
      config: { audit: 'entry-if-changed' },
      schema: {
        ...common,
        summary:
          'Cancels the waiting and running jobs of a resource (a running one is aborted); resourceType=Job: that one job, or 404/409 saying why not',
        querystring: cancelJobsQuery,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await cancelJobs(
        db,
        authOf(request).account.id,
        request.query,
        events,
        writableTypes(request),
        auditSourceOf(request),
      );
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
    async (request) => {
      const auth = authOf(request);
      return presentJob(await getJob(db, auth.account.id, request.params.id), auth.language);
    },
  );

  app.post(
    jobPaths.retry(':id'),
    {
      onRequest: requireWrite,
      config: { audit: 'entry' },
      schema: {
        ...common,
        summary: 'Runs a failed job again, its attempts reset',
        params: jobIdParams,
        response: { 200: jobResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const job = await retryJob(
        db,
        auth.account.id,
        request.params.id,
        events,
        undefined,
        writableTypes(request),
        auditSourceOf(request),
      );
      return presentJob(job, auth.language);
    },
  );
};
