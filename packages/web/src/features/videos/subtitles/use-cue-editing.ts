import type { SubtitleLanguage } from '@regie/contract/videos';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { appendedRow, type CueRow, cuesOf, rowsOf, validateRows } from './cue-rows.ts';
import { type SubtitleBody, useSubtitleActions, useSubtitleCues } from './subtitle-calls.ts';

/** The server's explanation of a refused file: its message and the line it names. */
function refusal(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  return [error.message, ...error.fieldErrors.map((field) => `${field.path}: ${field.message}`)];
}

/**
 * One language's cues as the table edits them: the rows, their errors (shown once a row was left
 * or the rows were sent), the server's reason for refusing a file or the rows, and the calls that
 * upload a file, save the rows, reset them to what the server holds, or delete the language.
 */
export function useCueEditing(videoId: number, language: SubtitleLanguage, exists: boolean) {
  const cues = useSubtitleCues(videoId, language, exists);
  const { save, remove } = useSubtitleActions(videoId, language);
  const [rows, setRows] = useState<CueRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string[] | null>(null);
  const errors = useMemo(() => validateRows(rows), [rows]);

  // What the server holds replaces the table whenever it is (re)loaded, and on a reset (spec §4).
  const reset = useCallback(() => {
    setRows(rowsOf(exists ? (cues.data ?? []) : []));
    setDirty(false);
    setTouched(new Set());
    setSubmitted(false);
    setProblem(null);
  }, [cues.data, exists]);
  useEffect(reset, [reset]);

  const edit = (next: CueRow[]) => {
    setRows(next);
    setDirty(true);
  };

  async function send(body: SubtitleBody) {
    setProblem(null);
    try {
      const saved = await save.mutateAsync(body);
      setRows(rowsOf(saved));
      setDirty(false);
      setSubmitted(false);
    } catch (error) {
      setProblem(refusal(error));
    }
  }

  return {
    loading: exists && cues.isLoading,
    rows,
    errors,
    dirty,
    problem,
    showErrors: (key: string) => submitted || touched.has(key),
    touch: (key: string) => setTouched((current) => new Set(current).add(key)),
    change: (key: string, change: Partial<CueRow>) =>
      edit(rows.map((row) => (row.key === key ? { ...row, ...change } : row))),
    removeRow: (key: string) => edit(rows.filter((row) => row.key !== key)),
    addRow: () => edit([...rows, appendedRow(rows)]),
    reset,
    async upload(file: File | null) {
      if (!file) return;
      const format = file.name.toLowerCase().endsWith('.srt') ? 'srt' : 'vtt';
      await send({ format, content: await file.text() });
    },
    async saveRows() {
      setSubmitted(true);
      if (errors.size > 0) return;
      await send(cuesOf(rows));
    },
    saving: save.isPending,
    remove,
  };
}

export type CueEditing = ReturnType<typeof useCueEditing>;
