import { SIMULATION_QUERY_KEYS } from '@regie/contract/auth';
import { isRecord } from '@regie/contract/guards';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../http/http.errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads AccountId and SportId from its query (the resource engine's filters). */
    keepsSimulationQuery?: boolean;
  }
}

function values(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * Spec §6: while an admin acts for an account, the web client adds that account's AccountId and
 * SportId to every query. Another account's id there is refused (403), whoever sends it; routes
 * that do not filter by them never see them, so their strict query schemas stay strict.
 * Registered app-wide as a preValidation hook: the routes' onRequest guards have run by then.
 */
export function checkSimulationQuery(request: FastifyRequest): void {
  const record = request.query;
  if (!isRecord(record)) return;
  if (!SIMULATION_QUERY_KEYS.some((key) => key in record)) return;
  const auth = request.auth;
  if (auth?.simulated && 'AccountId' in record) {
    const acting = String(auth.account.id);
    if (values(record.AccountId).some((id) => String(id) !== acting)) throw forbidden();
  }
  if (request.routeOptions.config.keepsSimulationQuery) return;
  request.query = Object.fromEntries(
    Object.entries(record).filter(([key]) => !(SIMULATION_QUERY_KEYS as readonly string[]).includes(key)),
  );
}
