import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../i18n/use-t.ts';

interface Props extends Omit<TextInputProps, 'value' | 'onChange' | 'maxLength' | 'placeholder'> {
  textLimit: number;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A text field of at most `textLimit` characters, counting down while focused (spec §5). The
 * line under the field stays reserved when the count hides, so that leaving the field does not
 * move the buttons below it under the pointer.
 */
export function LimitedTextField({ textLimit, value, onChange, onFocus, onBlur, ...props }: Props) {
  const t = useT();
  const [focused, setFocused] = useState(false);
  return (
    <TextInput
      {...props}
      value={value}
      maxLength={textLimit}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder={t('widgets.limitedText.placeholder', { count: textLimit })}
      onChange={(event) => onChange(event.currentTarget.value.slice(0, textLimit))}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setFocused(false);
        onBlur?.(event);
      }}
      description={
        focused
          ? t('widgets.limitedText.remaining', { count: textLimit - value.length })
          : (props.description ?? <span aria-hidden>{'\u00a0'}</span>)
      }
    />
  );
}
