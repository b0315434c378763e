import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * This process in the cluster (a lease's holder, a log field): its host, its pid and a random
 * part, new at every start, so a restarted process is never taken for the one it replaces.
 */
export const NODE_ID = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
