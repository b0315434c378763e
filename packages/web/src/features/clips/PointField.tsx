import { Button, NumberInput, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CLIP_STEP_SECONDS } from './clip-range.ts';

interface Props {
  label: string;
  description: string;
  value: number | null;
  onChange: (value: number | null) => void;
  max: number | null;
  error: string | undefined;
  setLabel: string;
  icon: ReactNode;
  /** Takes the player's position. */
  onSet: () => void;
}

/** An in or out point: typed in seconds on the clip step, or taken from the playhead. */
export function PointField({ label, description, value, onChange, max, error, setLabel, icon, onSet }: Props) {
  return (
    <Stack gap={6} align="flex-start">
      <NumberInput
        label={label}
        description={description}
        value={value ?? ''}
        onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
        min={0}
        max={max ?? undefined}
        step={CLIP_STEP_SECONDS}
        decimalScale={2}
        // Out of range stays as typed, with the reason shown, rather than silently changed.
        clampBehavior="none"
        error={error}
        w="100%"
      />
      <Button size="xs" variant="default" leftSection={icon} onClick={onSet}>
        {setLabel}
      </Button>
    </Stack>
  );
}
