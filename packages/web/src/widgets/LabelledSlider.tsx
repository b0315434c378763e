import { Input, Slider } from '@mantine/core';

/** A labelled slider (Mantine's Slider has no label of its own). */
export function LabelledSlider(props: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
}) {
  return (
    <Input.Wrapper label={props.label} labelElement="div">
      <Slider
        thumbLabel={props.label}
        value={props.value}
        onChange={props.onChange}
        min={props.min}
        max={props.max}
        step={props.step}
        mt={4}
      />
    </Input.Wrapper>
  );
}
