import { isRecord } from './guards.ts';
/**
 * The server's messages (errors, reasons of failed jobs and videos) are codes with parameters:
 * a `Message` `{ code, params }` (JSON-safe) is what errors carry, what the database stores and
 * what the API sends next to the text, and it becomes words only where it is shown — the HTTP
 * answer in the request's language (`Accept-Language`), the web in its user's (`renderMessage`,
 * messages.render.ts; the API's schema of a Message is in messages.schemas.ts).
 *
 * A catalog is declared with `messageCatalog(name, entries)`: the entries are written in English
 * (a text, or a function of the parameters making one); the catalog made of them gives, for a
 * text, the Message constant `{ code: '<name>.<key>' }`, for a function, a function making
 * `{ code, params: [its arguments] }`. The code is stable: the catalog's constant name and the
 * entry's key. The French twin of each catalog lives in `i18n/server.fr.ts`, typed from the
 * catalog so a missing message does not compile.
 */

/** A value a message's parameter holds. */
export type MessageValue = string | number | boolean | null;
/**
 * A parameter of a message: JSON-safe (a Message is stored as it is and sent as it is), a value
 * or a list of values. One level, not recursive: a client generated from OpenAPI then types it
 * without a type referring to itself (which `tsc` refuses).
 */
export type MessageParam = MessageValue | readonly MessageValue[];

export interface Message {
  /** `<catalog>.<key>`, e.g. `VIDEO_MESSAGES.notFound`. */
  readonly code: string;
  /** The arguments of the catalog's function, in order; absent for a fixed message. */
  readonly params?: readonly MessageParam[];
}

export type MessageEntry = string | ((...args: never[]) => string);
export type MessageEntries = Readonly<Record<string, MessageEntry>>;

/** What a catalog gives for its entries: Message constants and functions making Messages. */
export type Catalog<Entries extends MessageEntries> = {
  readonly [Key in keyof Entries]: Entries[Key] extends (...args: infer Args) => string
    ? (...args: Args) => Message
    : Message;
};

/** What the French twin of a catalog must provide: the same keys, the same parameters. */
export type Translation<Made extends Readonly<Record<string, Message | ((...args: never[]) => Message)>>> = {
  readonly [Key in keyof Made]: Made[Key] extends (...args: infer Args) => Message ? (...args: Args) => string : string;
};

/** The English entries of each declared catalog, by name (renderMessage reads them). */
const catalogs = new Map<string, MessageEntries>();

/**
 * Declares a catalog: its entries become Messages (see above). The name must be the catalog's
 * constant name: it starts every code of the catalog and keys the French twin.
 */
export function messageCatalog<const Entries extends MessageEntries>(name: string, entries: Entries): Catalog<Entries> {
  if (catalogs.has(name)) throw new Error(`Message catalog ${name} is declared twice`);
  catalogs.set(name, entries);
  const made: Record<string, Message | ((...args: MessageParam[]) => Message)> = {};
  for (const [key, entry] of Object.entries(entries)) {
    const code = `${name}.${key}`;
    made[key] = typeof entry === 'string' ? Object.freeze({ code }) : (...params) => ({ code, params });
  }
  return made as Catalog<Entries>;
}

/** The names of the declared catalogs (tests check each has its French twin). */
export function catalogNames(): string[] {
  return [...catalogs.keys()];
}

/** The English entry of a code, or undefined when no declared catalog has it. */
export function catalogEntry(code: string): MessageEntry | undefined {
  const dot = code.indexOf('.');
  return dot < 0 ? undefined : catalogs.get(code.slice(0, dot))?.[code.slice(dot + 1)];
}

export function isMessage(value: unknown): value is Message {
  return (
    isRecord(value) && typeof value.code === 'string' && (value.params === undefined || Array.isArray(value.params))
  );
}

/**
 * Messages of the contract's schemas. Zod keeps an issue's message as text, so a schema rule
 * says its message with `schemaMessage` (the English text, as zod wants) and the fixed set of
 * such texts is kept here to find their Message again: the server answers a refused body in the
 * request's language. A message with parameters goes in a refinement, whose issue carries the
 * Message itself (`refineMessage`).
 */
const schemaTexts = new Map<string, Message>();

/** The English text of a fixed Message, for a schema rule (regex, min, max, refine). */
export function schemaMessage(message: Message): string {
  const entry = catalogEntry(message.code);
  if (typeof entry !== 'string' || message.params?.length) {
    throw new Error(`${message.code} is not a fixed message of a declared catalog`);
  }
  schemaTexts.set(entry, message);
  return entry;
}

/** The `{ message, params }` of a refinement whose message has parameters: the issue keeps the Message. */
export function refineMessage(message: Message): { message: string; params: { message: Message } } {
  const entry = catalogEntry(message.code);
  const text = typeof entry === 'function' ? entry(...((message.params ?? []) as never[])) : (entry ?? message.code);
  return { message: text, params: { message } };
}

/** The Message of a schema issue (by its params, or its declared text), or null when it is zod's own. */
export function schemaIssueMessage(issue: { message?: string; params?: Record<string, unknown> }): Message | null {
  const carried = issue.params?.message;
  if (isMessage(carried)) return carried;
  return issue.message === undefined ? null : (schemaTexts.get(issue.message) ?? null);
}
