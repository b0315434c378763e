import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A provider's feed on 127.0.0.1 for the subscription tests: serves what `documents` hold, behind basic auth. */
export interface FeedServer {
  url: string;
  port: number;
  /** path → the document served there (JSON text). */
  documents: Map<string, string>;
  /** Requests per path, those refused included. */
  hits: Map<string, number>;
  /** Requests refused for wrong or missing credentials. */
  refused: number;
  close(): Promise<void>;
}

function credentialsOf(request: IncomingMessage): string | null {
  const [scheme, value] = (request.headers.authorization ?? '').split(' ');
  if (scheme !== 'Basic' || !value) return null;
  return Buffer.from(value, 'base64').toString('utf8');
}

export async function startFeedServer(expected: { username: string; password: string }): Promise<FeedServer> {
  const documents = new Map<string, string>();
  const hits = new Map<string, number>();
  const state = { refused: 0 };
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (credentialsOf(request) !== `${expected.username}:${expected.password}`) {
      state.refused += 1;
      response.writeHead(401, { 'www-authenticate': 'Basic realm="feed"' }).end();
      return;
    }
    const document = documents.get(path);
    if (document === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(document);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    documents,
    hits,
    get refused() {
      return state.refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
