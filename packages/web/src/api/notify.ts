import { type MessageType, NOTIFICATION_DURATION_MS, TOAST_TIMING } from '@regie/contract/ui';
import { useSyncExternalStore } from 'react';

/**
 * Two places show messages: the floating area at the top right (toasts, spec §4: in 250 ms,
 * 10 s on screen, out over 1 s) and the notification zone of the main area (the pending,
 * success and error notices of user actions, 4 s by default).
 */
export type MessageZone = 'floating' | 'main';

export interface Message {
  id: number;
  type: MessageType;
  text: string;
  zone: MessageZone;
  /** Time on screen before leaving; null stays until replaced or closed (a pending request). */
  durationMs: number | null;
  leaving: boolean;
}

export interface NewMessage {
  type: MessageType;
  text: string;
  zone?: MessageZone;
  durationMs?: number | null;
}

let messages: readonly Message[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>[]>();

function publish(next: readonly Message[]): void {
  messages = next;
  for (const listener of listeners) listener();
}

function schedule(message: Message): void {
  for (const timer of timers.get(message.id) ?? []) clearTimeout(timer);
  timers.delete(message.id);
  if (message.durationMs === null) return;
  const leaveMs = message.zone === 'floating' ? TOAST_TIMING.leaveMs : 200;
  timers.set(message.id, [
    setTimeout(
      () => publish(messages.map((m) => (m.id === message.id ? { ...m, leaving: true } : m))),
      message.durationMs,
    ),
    setTimeout(() => dismiss(message.id), message.durationMs + leaveMs),
  ]);
}

function defaultDuration(zone: MessageZone): number {
  return zone === 'floating' ? TOAST_TIMING.visibleMs : NOTIFICATION_DURATION_MS;
}

/** Shows a message; returns its id, to replace it (`updateMessage`) or close it (`dismiss`). */
export function notify(input: NewMessage): number {
  const zone = input.zone ?? 'floating';
  const message: Message = {
    id: nextId++,
    type: input.type,
    text: input.text,
    zone,
    durationMs: input.durationMs === undefined ? defaultDuration(zone) : input.durationMs,
    leaving: false,
  };
  publish([...messages, message]);
  schedule(message);
  return message.id;
}

export function updateMessage(id: number, input: NewMessage): void {
  const current = messages.find((m) => m.id === id);
  if (!current) {
    notify(input);
    return;
  }
  const updated: Message = {
    ...current,
    type: input.type,
    text: input.text,
    durationMs: input.durationMs === undefined ? defaultDuration(current.zone) : input.durationMs,
    leaving: false,
  };
  publish(messages.map((m) => (m.id === id ? updated : m)));
  schedule(updated);
}

export function dismiss(id: number): void {
  for (const timer of timers.get(id) ?? []) clearTimeout(timer);
  timers.delete(id);
  publish(messages.filter((m) => m.id !== id));
}

/** Every message gone at once, timers included (the unit tests' reset between files). */
export function dismissAll(): void {
  for (const pending of timers.values()) for (const timer of pending) clearTimeout(timer);
  timers.clear();
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMessages(zone: MessageZone): readonly Message[] {
  const all = useSyncExternalStore(subscribe, () => messages);
  return all.filter((message) => message.zone === zone);
}
