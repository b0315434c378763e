import { describe, expect, it } from 'vitest';
import { BackendUnavailableError, isBackendUnavailable } from './unavailable.ts';

/** A driver error as node-postgres makes it (DatabaseError: code, severity), under Drizzle's wrapper. */
function postgresError(code: string, severity = 'ERROR', message = 'an error'): Error {
  const driver = Object.assign(new Error(message), { code, severity });
  return new Error('Failed query: select 1', { cause: driver });
}

describe('isBackendUnavailable', () => {
  it.each([
    ['08006', 'connection failure'],
    ['08001', 'unable to connect'],
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'the database system is starting up'],
    ['53300', 'too many connections'],
  ])('counts SQLSTATE %s (%s) as the database being away', (code, message) => {
    expect(isBackendUnavailable(postgresError(code, 'ERROR', message))).toBe(true);
  });

  it('counts a FATAL error of PostgreSQL (a database not accepting connections) as away', () => {
    expect(
      isBackendUnavailable(postgresError('55000', 'FATAL', 'database "x" is not currently accepting connections')),
    ).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated due to connection timeout',
    'timeout exceeded when trying to connect',
    'Client has encountered a connection error and is not queryable',
  ])('counts the driver saying "%s" as away', (message) => {
    expect(isBackendUnavailable(new Error('Failed query', { cause: new Error(message) }))).toBe(true);
  });

  it('counts a refused or reset socket as away, alone or on every address of a name', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isBackendUnavailable(refused)).toBe(true);
    expect(isBackendUnavailable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isBackendUnavailable(new AggregateError([refused, refused]))).toBe(true);
  });

  it('counts the realtime hub failing to publish as away', () => {
    expect(
      isBackendUnavailable(new BackendUnavailableError('realtime', { cause: new Error('The client is offline') })),
    ).toBe(true);
  });

  it.each([
    ['23505', 'a unique violation (409 as before)'],
    ['23503', 'a foreign key violation'],
    ['22003', 'a number out of range (400 as before)'],
    ['57014', 'a statement timeout (the query, not the database)'],
    ['42P01', 'an undefined table (a bug of ours: 500)'],
  ])('does not count SQLSTATE %s, %s', (code) => {
    expect(isBackendUnavailable(postgresError(code))).toBe(false);
  });

  it('does not count plain errors, or what is not an error', () => {
    expect(isBackendUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isBackendUnavailable(new TypeError('x is not a function'))).toBe(false);
    expect(isBackendUnavailable('Connection terminated')).toBe(false);
    expect(isBackendUnavailable(null)).toBe(false);
  });
});
