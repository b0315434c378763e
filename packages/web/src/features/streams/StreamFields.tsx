import { Checkbox, Select, Stack, TextInput } from '@mantine/core';
import { effectiveGrants } from '@regie/contract/access';
import { GEO_MODULE, type GeoRule } from '@regie/contract/geo';
import { isOneOf } from '@regie/contract/guards';
import { LATENCY_MODES, type LatencyMode, LIVE_LIMITS } from '@regie/contract/live';
import { useT } from '../../i18n/use-t.ts';
import { useAccessSubject } from '../../session/access.ts';
import { GeoRuleField } from '../../widgets/GeoRuleField.tsx';

export interface StreamDraft {
  name: string;
  latencyMode: LatencyMode;
  equirectangular: boolean;
  /** GEO_BLOCKING: the input's own rule, added wherever it plays; null: none. */
  geoBlocking: GeoRule | null;
}

export const EMPTY_DRAFT: StreamDraft = { name: '', latencyMode: '2s', equirectangular: false, geoBlocking: null };

/** The fields of a live input, shared by the new and edit screens. */
export function StreamFields({ draft, onChange }: { draft: StreamDraft; onChange: (draft: StreamDraft) => void }) {
  const t = useT();
  // The rule of its own shows in an account with geo blocking (it changes nothing elsewhere).
  const geoBlocking = effectiveGrants(useAccessSubject()).modules.includes(GEO_MODULE);
  return (
    <Stack gap="sm">
      <TextInput
        label={t('streams.field.name')}
        required
        maxLength={LIVE_LIMITS.nameMax}
        value={draft.name}
        onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })}
      />
      <Select
        label={t('streams.field.latency')}
        description={t('streams.field.latencyHint')}
        allowDeselect={false}
        data={LATENCY_MODES.map((mode) => ({ value: mode, label: t(`streams.latency.${mode}`) }))}
        value={draft.latencyMode}
        onChange={(value) => isOneOf(LATENCY_MODES, value) && onChange({ ...draft, latencyMode: value })}
      />
      <Checkbox
        label={t('streams.field.equirectangular')}
        description={t('streams.field.equirectangularHint')}
        checked={draft.equirectangular}
        onChange={(event) => onChange({ ...draft, equirectangular: event.currentTarget.checked })}
      />
      {geoBlocking && (
        <GeoRuleField
          name="geoBlocking"
          label={t('streams.field.geoBlocking')}
          description={t('streams.field.geoBlockingHint')}
          value={draft.geoBlocking}
          onChange={(rule) => onChange({ ...draft, geoBlocking: rule })}
          inherits
        />
      )}
    </Stack>
  );
}
