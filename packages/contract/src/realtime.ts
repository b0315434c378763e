import { z } from 'zod';
import type { AccessRule } from './access.ts';
import { MAIN_API } from './api.ts';
import { FIELD_MESSAGES } from './errors.ts';
import { schemaMessage } from './messages.ts';
import { MESSAGE_TYPES } from './ui.ts';

/**
 * The realtime channel (spec §7 "Real-time"): one WebSocket at REALTIME_PATH.
 *
 * 1. The client opens the socket and sends `{type:'auth', token, accountKey?}` first (a token
 *    never goes in a URL, where proxies log it). accountKey works as x-account-key does: an
 *    admin may name the account they act for; anyone else only their own.
 * 2. The server answers `{type:'ready', accountId, simulated}`, or closes with a code below.
 * 3. The client sends `{type:'subscribe', topic}` with `/admin/**`, `/admin/jobs`,
 *    `/admin/{eventId}`…; the server answers `{type:'subscribed', topic}`.
 * 4. Events arrive as `{topic, type, payload}`, only ever those of the account acted for.
 *    Any message whose type is not one of REALTIME_CONTROL_TYPES is an event.
 * The server pings every REALTIME_LIMITS.heartbeatMs and drops a client that missed a pong;
 * a browser answers pings itself, and may also send `{type:'ping'}` to get `{type:'pong'}`.
 */
export const REALTIME_PATH = '/api/realtime';

/** Who may send a toast to an account's connected users (POST /main-api/messages). */
export const SEND_MESSAGE_RULE: AccessRule = { authorizedRoles: ['manage_customer_accounts', 'manage_users'] };

export const REALTIME_LIMITS = {
  /** Time to send the auth message after opening the socket. */
  authTimeoutMs: 10_000,
  heartbeatMs: 30_000,
  maxSubscriptions: 50,
  maxMessageBytes: 4_096,
} as const;

/** WebSocket close codes (4000–4999 are the application's). */
export const REALTIME_CLOSE = {
  /** Missing, unknown or expired token, or no auth message in time. */
  unauthorized: 4401,
  /** The account key names an account the user may not act for. */
  forbidden: 4403,
  /** A message that is not JSON or not one of the client messages. */
  badMessage: 4400,
  /** The server is shutting down; reconnect later. */
  goingAway: 1001,
  /** No pong to the last ping. */
  timeout: 4408,
} as const;

/** A topic the client names: under /admin, segments of letters, digits, - and _, or * / ** last. */
export const REALTIME_TOPIC_PATTERN = /^\/admin(\/[A-Za-z0-9_-]+)*(\/\*\*?)?$/;
export const realtimeTopic = z.string().max(200).regex(REALTIME_TOPIC_PATTERN, schemaMessage(FIELD_MESSAGES.topic));

export const realtimeClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(512), accountKey: z.string().max(128).optional() }),
  z.object({ type: z.literal('subscribe'), topic: realtimeTopic }),
  z.object({ type: z.literal('unsubscribe'), topic: realtimeTopic }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessage>;

/** An event as the client receives it: `topic` is relative to the account, without its id. */
export interface RealtimeEvent<Payload = unknown> {
  topic: string;
  type: string;
  payload: Payload;
}

/**
 * The one topic rule of server and browser: segments separated by `/`; in a pattern `*` matches
 * one segment and a final `**` any number of them (none too).
 */
export function topicMatches(pattern: string, topic: string): boolean {
  const wanted = pattern.split('/');
  const actual = topic.split('/');
  for (let index = 0; index < wanted.length; index += 1) {
    const segment = wanted[index];
    if (segment === '**' && index === wanted.length - 1) return true;
    if (index >= actual.length) return false;
    if (segment !== '*' && segment !== actual[index]) return false;
  }
  return wanted.length === actual.length;
}

/** What the web app subscribes to once signed in (spec §7): everything of the account acted for. */
export const ADMIN_TOPICS = '/admin/**';

/** The topic of one event's screens (spec §7 `/admin/{event}`): markers, clips, live state. */
export function eventTopic(eventId: number | string): string {
  return `/admin/${eventId}`;
}

/** The types of what the server sends besides events. */
export const REALTIME_CONTROL_TYPES = ['ready', 'subscribed', 'unsubscribed', 'pong', 'error'] as const;

/** What the server sends besides events. */
export type RealtimeServerMessage =
  | { type: 'ready'; accountId: number; simulated: boolean }
  | { type: 'subscribed'; topic: string }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'pong' }
  | { type: 'error'; message: string };

/** Toasts (spec §3 "Message", §7): on MESSAGES_TOPIC, with the type '{accountId}/message'. */
export const MESSAGES_TOPIC = '/admin/messages';
export function messageEventType(accountId: number): string {
  return `${accountId}/message`;
}

export const MESSAGE_TEXT_MAX = 500;

/** A toast as the floating message area shows it. */
export const toastMessage = z.object({
  id: z.string(),
  text: z.string(),
  type: z.enum(MESSAGE_TYPES),
});
export type ToastMessage = z.infer<typeof toastMessage>;

export const MESSAGES_PATH = `${MAIN_API}/messages`;

/** POST /main-api/messages: sends a toast to the connected users of the account acted for. */
export const sendMessageBody = z
  .object({
    text: z.string().trim().min(1).max(MESSAGE_TEXT_MAX),
    type: z.enum(MESSAGE_TYPES).default('info'),
    /** An admin who acts for no account names the account; anyone else's is forced (spec §7). */
    AccountId: z.number().int().positive().optional(),
  })
  .strict();
export type SendMessageBody = z.infer<typeof sendMessageBody>;
export const sendMessageResponse = toastMessage.extend({ AccountId: z.number() });
