import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OpsEndpoints, opsAnswer } from './health.ts';

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A worker's only HTTP: /metrics, /livez and /readyz on REGIE_METRICS_PORT, answered by the same
 * code as the API's routes (health.ts). Anything else is a 404.
 */
export async function startOpsServer(
  options: { host: string; port: number; onError: (error: unknown) => void },
  endpoints: OpsEndpoints,
): Promise<OpsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const answer =
      request.method === 'GET' || request.method === 'HEAD'
        ? opsAnswer(path, request.headers.authorization, endpoints)
        : Promise.resolve(null);
    answer
      .then((found) => {
        const { statusCode, headers, body } = found ?? {
          statusCode: 404,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
          body: 'Not found\n',
        };
        response.writeHead(statusCode, headers).end(request.method === 'HEAD' ? undefined : body);
      })
      .catch((error: unknown) => {
        options.onError(error);
        response.writeHead(500).end();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
