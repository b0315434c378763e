import { renderMessage } from '@regie/contract/messages.render';
import { type Simulcast, type SimulcastTarget, streamKeyHint } from '@regie/contract/simulcast';
import type { SimulcastRow, SimulcastTargetRow } from '../db/simulcast.table.ts';
import type { MessageLanguage } from '../http/localize.ts';

/** A target as the API and the socket show it: the key only as a hint, the error as words and Message. */
export function presentTarget(row: SimulcastTargetRow, language: MessageLanguage): SimulcastTarget {
  return {
    id: row.id,
    simulcastId: row.simulcastId,
    name: row.name,
    url: row.url,
    streamKeyHint: streamKeyHint(row.streamKey),
    status: row.status,
    running: row.running,
    bitrateKbps: row.bitrateKbps,
    liveSince: row.liveSince?.toISOString() ?? null,
    restarts: row.restarts,
    lastError: row.lastError ? renderMessage(row.lastError, language) : null,
    lastErrorMessage: row.lastError ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentSimulcast(
  row: SimulcastRow,
  targets: readonly SimulcastTargetRow[],
  language: MessageLanguage,
): Simulcast {
  return {
    id: row.id,
    name: row.name,
    inputId: row.inputId,
    provider: row.provider,
    state: row.state,
    targets: targets.map((target) => presentTarget(target, language)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
