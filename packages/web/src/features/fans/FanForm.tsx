import { Button, Checkbox, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { FAN_CONSENTS, FAN_LIMITS } from '@regie/contract/fans';
import type { FanDetail } from '@regie/contract/fans.schemas';
import { type FormEvent, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { changedFields, type FanFieldErrors, type FanFormField, type FanFormValues, valuesOf } from './fan-form.ts';
import type { useFanActions } from './fans-calls.ts';
import { useFanForm } from './use-fan-form.ts';

interface FieldsProps {
  values: FanFormValues;
  errors: FanFieldErrors;
  /** A field changed: its error goes until the next check. */
  onChange: (values: FanFormValues, field: FanFormField) => void;
  disabled?: boolean;
  /** A new fan: the nickname may stay empty (the server makes one from the email). */
  creating?: boolean;
  /** Said under the email (what a corrected address does). */
  emailHint?: string;
}

/** The fields the CRM sets of a fan: email, nickname, names, language, consents. */
export function FanFields({ values, errors, onChange, disabled = false, creating = false, emailHint }: FieldsProps) {
  const t = useT();
  const set = <K extends FanFormField>(field: K, value: FanFormValues[K]) =>
    onChange({ ...values, [field]: value }, field);
  const text = (field: 'email' | 'nickname' | 'firstName' | 'lastName') => ({
    value: values[field],
    error: errors[field],
    disabled,
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });
  return (
    <>
      <TextInput
        {...text('email')}
        type="email"
        label={t('fans.field.email')}
        description={emailHint}
        required
        maxLength={FAN_LIMITS.emailMax}
        autoComplete="off"
      />
      <TextInput
        {...text('nickname')}
        label={t('fans.field.nickname')}
        description={creating ? t('fans.field.nicknameHint') : undefined}
        required={!creating}
        maxLength={FAN_LIMITS.nicknameMax}
      />
      <Group grow align="flex-start">
        <TextInput {...text('firstName')} label={t('fans.field.firstName')} maxLength={FAN_LIMITS.nameMax} />
        <TextInput {...text('lastName')} label={t('fans.field.lastName')} maxLength={FAN_LIMITS.nameMax} />
      </Group>
      <Select
        label={t('fans.field.language')}
        data={[
          { value: 'en', label: t('language.en') },
          { value: 'fr', label: t('language.fr') },
        ]}
        value={values.language}
        onChange={(value) => set('language', value === 'fr' ? 'fr' : 'en')}
        allowDeselect={false}
        error={errors.language}
        disabled={disabled}
      />
      <Fieldset legend={t('fans.consents')} variant="unstyled">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('fans.consents.hint')}
          </Text>
          {FAN_CONSENTS.map((consent) => (
            <Checkbox
              key={consent}
              label={t(`fans.consent.${consent}`)}
              checked={values[consent]}
              onChange={(event) => set(consent, event.currentTarget.checked)}
              error={errors[consent]}
              disabled={disabled}
            />
          ))}
        </Stack>
      </Fieldset>
    </>
  );
}

type Actions = ReturnType<typeof useFanActions>;

/**
 * The fan's details on their page, corrected by the CRM (the fan's right to rectification): only
 * the changed fields are sent; the server's refusals show under their fields. Read-only users see
 * the fields without a Save.
 */
export function FanDetailsForm({ fan, save, mayWrite }: { fan: FanDetail; save: Actions['save']; mayWrite: boolean }) {
  const t = useT();
  const [saved, setSaved] = useState(() => valuesOf(fan));
  const form = useFanForm(saved);
  const changes = changedFields(saved, form.values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.checked()) return;
    save.mutate(changes, {
      onSuccess: (result) => {
        const now = valuesOf(result);
        setSaved(now);
        form.reset(now);
      },
      onError: form.refused,
    });
  };
  const title = t('fans.edit.title');
  return (
    <form onSubmit={submit} noValidate aria-label={title}>
      <Stack gap="md" maw={640}>
        <Text fw={600}>{title}</Text>
        <FanFields
          values={form.values}
          errors={form.errors}
          onChange={form.change}
          disabled={!mayWrite}
          emailHint={t(fan.confirmed ? 'fans.edit.emailConfirmed' : 'fans.edit.emailPending')}
        />
        {mayWrite && (
          <Group>
            <Button type="submit" disabled={Object.keys(changes).length === 0} loading={save.isPending}>
              {t('fans.edit.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
