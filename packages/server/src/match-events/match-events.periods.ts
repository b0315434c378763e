import { type PeriodStart, sortedPeriods } from '@regie/contract/match-clock';
import type { events } from '../db/events.table.ts';
import type { Row, WriteContext } from '../resources/resources.types.ts';
import { reapplyMatchEvents } from './match-events.apply.ts';

function samePeriods(a: readonly PeriodStart[], b: readonly PeriodStart[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, index) => entry.period === b[index]?.period && entry.startsAt === b[index]?.startsAt)
  );
}

/**
 * An event write's periods (the match clock), stored by period; when an update changes them, the
 * event's imported markers move with them in the write's transaction (its stored match documents
 * applied again with the new kick-offs: a match event waiting for its period's kick-off gets its
 * marker then), each change published once the write commits.
 */
export async function movePeriods(values: Row, context: WriteContext<typeof events>): Promise<Row> {
  if (!Array.isArray(values.periods)) return values;
  const periods = sortedPeriods(values.periods as PeriodStart[]);
  const { existing, db } = context;
  if (existing && !samePeriods(sortedPeriods(existing.periods), periods)) {
    await reapplyMatchEvents(
      db,
      { accountId: existing.accountId, eventId: existing.id, language: 'en', periods },
      { requireDocument: false },
    );
  }
  return { ...values, periods };
}
