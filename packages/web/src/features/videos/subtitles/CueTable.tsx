import { ActionIcon, Table, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import type { CueRow, CueRowErrors } from './cue-rows.ts';

interface Props {
  rows: readonly CueRow[];
  errors: ReadonlyMap<string, CueRowErrors>;
  /** Errors show once the user tried to save, or on the rows they touched. */
  showErrors: (key: string) => boolean;
  disabled: boolean;
  onChange: (key: string, change: Partial<CueRow>) => void;
  onRemove: (key: string) => void;
  onTouch: (key: string) => void;
}

/** The cues of one language as an editable table: start, end (HH:MM:SS.mmm), text. */
export function CueTable({ rows, errors, showErrors, disabled, onChange, onRemove, onTouch }: Props) {
  const t = useT();
  return (
    <Table verticalSpacing="xs" aria-label={t('videos.subtitles.cues')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th w={150}>{t('videos.subtitles.start')}</Table.Th>
          <Table.Th w={150}>{t('videos.subtitles.end')}</Table.Th>
          <Table.Th>{t('videos.subtitles.text')}</Table.Th>
          <Table.Th w={48}>
            <VisuallyHidden>{t('videos.subtitles.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <CueTableRow
            key={row.key}
            row={row}
            number={index + 1}
            errors={showErrors(row.key) ? errors.get(row.key) : undefined}
            disabled={disabled}
            onChange={(change) => onChange(row.key, change)}
            onRemove={() => onRemove(row.key)}
            onTouch={() => onTouch(row.key)}
          />
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface RowProps {
  row: CueRow;
  /** The cue's place in the table, from 1: it names the row's controls for screen readers. */
  number: number;
  /** Undefined while the row's errors are not to be shown yet. */
  errors: CueRowErrors | undefined;
  disabled: boolean;
  onChange: (change: Partial<CueRow>) => void;
  onRemove: () => void;
  onTouch: () => void;
}

/** One cue: its start, end and text inputs, and a remove button while editing is allowed. */
function CueTableRow({ row, number, errors, disabled, onChange, onRemove, onTouch }: RowProps) {
  const t = useT();
  const error = (field: keyof CueRowErrors) => {
    const found = errors?.[field];
    return found ? t(found) : undefined;
  };
  return (
    <Table.Tr style={{ verticalAlign: 'top' }}>
      <Table.Td pt={14}>{number}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('videos.subtitles.startOf', { number })}
          value={row.start}
          onChange={(event) => onChange({ start: event.currentTarget.value })}
          onBlur={onTouch}
          error={error('start')}
          disabled={disabled}
          ff="monospace"
          size="sm"
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('videos.subtitles.endOf', { number })}
          value={row.end}
          onChange={(event) => onChange({ end: event.currentTarget.value })}
          onBlur={onTouch}
          error={error('end')}
          disabled={disabled}
          ff="monospace"
          size="sm"
        />
      </Table.Td>
      <Table.Td>
        <Textarea
          aria-label={t('videos.subtitles.textOf', { number })}
          value={row.text}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
          onBlur={onTouch}
          error={error('text')}
          disabled={disabled}
          autosize
          minRows={1}
          maxRows={4}
          size="sm"
        />
      </Table.Td>
      <Table.Td pt={10}>
        {!disabled && (
          <ActionIcon
            variant="subtle"
            color="red.8"
            onClick={onRemove}
            aria-label={t('videos.subtitles.removeCue', { number })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
