import { CHAT_VIEWER_HEADER, CHAT_VIEWER_STORAGE_KEY, chatPaths } from '@regie/contract/chat';
import { isRecord } from '@regie/contract/guards';

/**
 * The fan's viewer token for one page's chat (contract chat.ts): the server issues and signs it,
 * the page keeps it in its storage (so a reload keeps the same viewer: slow mode and bans follow)
 * and sends it in CHAT_VIEWER_HEADER with each post. A header rather than a cookie: this page is
 * an iframe on the club's site, where browsers block or partition third-party cookies, while a
 * header the page sets always arrives. Asked for at the first post only: most viewers never
 * post, so a crowd opening the page costs the server nothing.
 */
export interface ViewerPass {
  /**
   * Sends `post` with the viewer's token (asked for first when the page has none). A token the
   * server refuses (401: expired, or the server's key changed) is replaced once and the post sent
   * again. Answers the post's response, or the refusal of the token's issue (closed, too many).
   */
  post(send: (headers: Record<string, string>) => Promise<Response | null>): Promise<Response | null>;
}

type KeptIn = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's storage when the browser allows it (blocked third-party storage throws). */
function browserStorage(): KeptIn | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createViewerPass(
  embedToken: string,
  language: string,
  dependencies: { fetch: typeof fetch; storage: KeptIn | null } = {
    fetch: window.fetch.bind(window),
    storage: browserStorage(),
  },
): ViewerPass {
  const key = `${CHAT_VIEWER_STORAGE_KEY}:${embedToken}`;
  const { storage } = dependencies;
  const attempt = <T>(run: () => T): T | null => {
    try {
      return run();
    } catch {
      // Storage refused (private mode, blocked third-party storage): the token lives for this view.
      return null;
    }
  };
  let kept: string | null = attempt(() => storage?.getItem(key) ?? null);
  const forget = () => {
    kept = null;
    attempt(() => storage?.removeItem(key));
  };
  /** A new token, kept; else the response that refused it (null when the network failed). */
  const ask = async (): Promise<string | Response | null> => {
    const response = await dependencies
      .fetch(chatPaths.publicViewer(embedToken), {
        method: 'POST',
        headers: { accept: 'application/json', 'accept-language': language },
      })
      .catch(() => null);
    if (!response?.ok) return response;
    const body: unknown = await response.json().catch(() => null);
    if (!isRecord(body) || typeof body.viewerToken !== 'string') return null;
    const token = body.viewerToken;
    kept = token;
    attempt(() => storage?.setItem(key, token));
    return token;
  };
  const withToken = async (send: (headers: Record<string, string>) => Promise<Response | null>) => {
    const token = kept ?? (await ask());
    if (typeof token !== 'string') return token;
    return send({ [CHAT_VIEWER_HEADER]: token });
  };
  return {
    async post(send) {
      const response = await withToken(send);
      if (response?.status !== 401) return response;
      forget();
      return withToken(send);
    },
  };
}
