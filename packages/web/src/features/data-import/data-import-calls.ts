import { satisfies } from '@regie/contract/access';
import { resourcePath } from '@regie/contract/api';
import {
  DATA_IMPORT_RULE,
  dataImportPaths,
  type ImportDecision,
  type ImportPreview,
} from '@regie/contract/data-import';
import type { CsvColumnMapping, FeedAdapterInfo, FeedProvider, ImportReport } from '@regie/contract/feeds';
import { jobPaths } from '@regie/contract/jobs';
import type { ApiClient } from '../../api/client.ts';
import type { Job } from '../../realtime/job-events.ts';

/** Where the document comes from: a file, a URL the server fetches, or text pasted in the page. */
export type ImportSource = { kind: 'file'; file: File } | { kind: 'url'; url: string } | { kind: 'text'; text: string };

export interface ImportRequest {
  provider: FeedProvider;
  source: ImportSource;
  sportId?: number | undefined;
  /** A match's events go to this event. */
  eventId?: number | undefined;
  csvColumns?: CsvColumnMapping | undefined;
  timeZone?: string | undefined;
  decisions: ImportDecision[];
}

export interface NamedRecord {
  id: number;
  name: string;
}

const authorize = (subject: Parameters<typeof satisfies>[0]) => satisfies(subject, DATA_IMPORT_RULE);

/** The document as the call's JSON `document`: parsed when it is JSON (openfootball, statsbomb), else the text. */
function inlineDocument(provider: FeedProvider, text: string): unknown {
  if (provider === 'csv') return text;
  // A pasted JSON that does not parse is sent as text: the server says where it is wrong.
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The calls of the data import screen (contract data-import.ts). */
export function dataImportCalls(api: ApiClient) {
  function send<T>(request: ImportRequest, dryRun: boolean): Promise<T> {
    const options = {
      provider: request.provider,
      ...(request.sportId ? { sportId: request.sportId } : {}),
      ...(request.eventId ? { eventId: request.eventId } : {}),
      ...(request.csvColumns ? { csvColumns: request.csvColumns } : {}),
      ...(request.timeZone ? { timeZone: request.timeZone } : {}),
      decisions: request.decisions,
      ...(dryRun ? { dryRun: true } : {}),
    };
    const { source } = request;
    if (source.kind === 'file') {
      const form = new FormData();
      for (const [name, value] of Object.entries(options)) {
        form.set(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
      form.set('file', source.file, source.file.name);
      return api.upload<T>(dataImportPaths.import, form, { authorize });
    }
    const document =
      source.kind === 'url' ? { url: source.url } : { document: inlineDocument(request.provider, source.text) };
    return api.post<T>(dataImportPaths.import, { ...options, ...document }, { authorize });
  }
  return {
    providers: () => api.get<FeedAdapterInfo[]>(dataImportPaths.providers, undefined, { authorize }),
    preview: (request: ImportRequest) => send<ImportPreview>(request, true),
    start: (request: ImportRequest) => send<{ jobId: number }>(request, false),
    job: (id: number) => api.get<Job & { result: ImportReport | null }>(jobPaths.job(id)),
    csvMapping: (sportId: number) =>
      api.get<{ sportId: number; columns: CsvColumnMapping | null }>(dataImportPaths.csvMapping(sportId), undefined, {
        authorize,
      }),
    saveCsvMapping: (sportId: number, columns: CsvColumnMapping) =>
      api.put(dataImportPaths.csvMapping(sportId), { columns }, { authorize }),
    /** The account's records a name may be mapped to (200 at most: the list's limit). */
    async records(kind: ImportDecision['kind'], parentId: number | null): Promise<NamedRecord[]> {
      const query = { limit: 200, sort: 'name' };
      let path: string;
      if (kind === 'competition') path = resourcePath({ gateway: 'main', name: 'competitions' });
      else if (kind === 'challenger') path = resourcePath({ gateway: 'main', name: 'challengers' });
      else if (parentId === null) return [];
      else if (kind === 'season')
        path = resourcePath({ gateway: 'main', name: 'seasons', parent: { resource: 'competitions' } }, parentId);
      else path = resourcePath({ gateway: 'main', name: 'rounds', parent: { resource: 'seasons' } }, parentId);
      const page = await api.get<{ data: NamedRecord[] }>(path, query);
      return page.data.map(({ id, name }) => ({ id, name }));
    },
  };
}

export type DataImportCalls = ReturnType<typeof dataImportCalls>;
