import { ColorInput, type ColorInputProps } from '@mantine/core';
import { useT } from '../i18n/use-t.ts';

/**
 * A hex colour input. Chromium offers the screen's eye dropper as an icon button beside it, which
 * needs a name of its own (axe: button-name): every colour field of the app is this one.
 */
export function ColorField(props: ColorInputProps) {
  const t = useT();
  return <ColorInput format="hex" {...props} eyeDropperButtonProps={{ 'aria-label': t('widgets.color.pick') }} />;
}
