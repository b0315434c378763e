import { CHAT_VIEWER_HEADER, chatPaths } from '@regie/contract/chat';
import type { PublicChatViewer } from '@regie/contract/chat.schemas';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** What posts for a test: an app's inject (another app on the same database is another process). */
type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A viewer token for the page's chat, asked for from `remoteAddress` (201), or the refusal. */
export async function askViewerToken(inject: Inject, embedToken: string, remoteAddress: string) {
  return inject({ method: 'POST', url: chatPaths.publicViewer(embedToken), remoteAddress });
}

/** The viewer token of a 201 (contract publicChatViewerResponse), and the viewer id it signs. */
export function viewerOf(response: LightMyRequestResponse): { viewerToken: string; viewerId: string } {
  return fromToken(response.json<PublicChatViewer>().viewerToken);
}

/** A viewer token's readable viewer id (`{viewerId}.{issued}.{signature}`). */
function fromToken(viewerToken: string): { viewerToken: string; viewerId: string } {
  return { viewerToken, viewerId: viewerToken.split('.')[0] ?? '' };
}

/**
 * A fan of the page's chat, as the embed page behaves: a viewer token asked for at the first
 * post (from the fan's address), sent in CHAT_VIEWER_HEADER with each post. While the chat is
 * closed no token is given: the post then goes without one (and meets the closed chat first).
 */
export function chatFan(
  inject: Inject,
  embedToken: string,
  options: { nickname?: string; remoteAddress: string; viewerToken?: string },
) {
  let viewer = options.viewerToken ? fromToken(options.viewerToken) : null;
  const post = async (text: string, language = 'en') => {
    if (!viewer) {
      const issued = await askViewerToken(inject, embedToken, options.remoteAddress);
      if (issued.statusCode === 201) viewer = viewerOf(issued);
    }
    return inject({
      method: 'POST',
      url: chatPaths.public(embedToken),
      payload: { nickname: options.nickname ?? 'Fan', text },
      headers: {
        'accept-language': language,
        ...(viewer ? { [CHAT_VIEWER_HEADER]: viewer.viewerToken } : {}),
      },
      remoteAddress: options.remoteAddress,
    });
  };
  return {
    post,
    /** The signed viewer id (known once the fan has its token). */
    get viewerId(): string {
      return viewer?.viewerId ?? '';
    },
    get viewerToken(): string {
      return viewer?.viewerToken ?? '';
    },
  };
}
