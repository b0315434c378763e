/**
 * The server's messages (errors, reasons of failed jobs) are written once, in English, in the
 * `*_MESSAGES` catalogs of this package, and sent in the language of the person who asked
 * (`Accept-Language`: en or fr). A catalog is declared with `messageCatalog(name, entries)`; its
 * French twin lives in `i18n/server.fr.ts`, typed from the English one so a missing message does
 * not compile.
 *
 * How a message is found again from its text: plain strings by their text; a message made by a
 * function (`VIDEO_MESSAGES.notFound(42)`) is remembered with its arguments when it is made, so
 * the French function gets the same arguments whatever the English one did with them. The
 * memory is bounded (the most recent MEMORY_SIZE texts), and the text is what errors carry, so
 * nothing else has to change between making a message and sending it.
 */

export type MessageEntry = string | ((...args: never[]) => string);
export type MessageEntries = Readonly<Record<string, MessageEntry>>;

/** What the French twin of a catalog must provide: the same keys, the same parameters. */
export type Translation<Entries extends MessageEntries> = {
  readonly [Key in keyof Entries]: Entries[Key] extends (...args: infer Args) => string
    ? (...args: Args) => string
    : string;
};

interface Origin {
  catalog: string;
  key: string;
  args: readonly unknown[] | null;
}

const MEMORY_SIZE = 2000;
const made = new Map<string, Origin>();
const fixed = new Map<string, Origin>();
const catalogs = new Map<string, MessageEntries>();

function remember(text: string, origin: Origin): void {
  if (made.has(text)) made.delete(text);
  made.set(text, origin);
  if (made.size > MEMORY_SIZE) {
    const oldest = made.keys().next();
    if (!oldest.done) made.delete(oldest.value);
  }
}

/**
 * Declares a catalog: the same entries, whose functions remember what they made. The name must
 * be the catalog's constant name (it keys the French twin).
 */
export function messageCatalog<const Entries extends MessageEntries>(name: string, entries: Entries): Entries {
  if (catalogs.has(name)) throw new Error(`Message catalog ${name} is declared twice`);
  catalogs.set(name, entries);
  const wrapped: Record<string, MessageEntry> = {};
  for (const [key, entry] of Object.entries(entries)) {
    if (typeof entry === 'string') {
      if (!fixed.has(entry)) fixed.set(entry, { catalog: name, key, args: null });
      wrapped[key] = entry;
    } else {
      wrapped[key] = (...args: never[]) => {
        const text = entry(...args);
        remember(text, { catalog: name, key, args });
        return text;
      };
    }
  }
  return wrapped as Entries;
}

/** The names of the declared catalogs (tests check each has its French twin). */
export function catalogNames(): string[] {
  return [...catalogs.keys()];
}

export type Translations = Readonly<Record<string, Readonly<Record<string, MessageEntry>>>>;

/**
 * The text in the other language, or null when it was not made by a catalog (or made so long
 * ago it was forgotten): the caller keeps the English then.
 */
export function translateMessage(text: string, translations: Translations): string | null {
  const origin = made.get(text) ?? fixed.get(text);
  if (!origin) return null;
  const entry = translations[origin.catalog]?.[origin.key];
  if (entry === undefined) return null;
  if (typeof entry === 'string') return entry;
  return origin.args ? entry(...(origin.args as never[])) : null;
}
