import { describe, expect, it } from 'vitest';
import { cameraKeyIndex } from './camera-keys.ts';

const press = (code: string, modifiers: Partial<Record<'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey', boolean>>) => ({
  code,
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...modifiers,
});

describe('camera keys', () => {
  it('maps Shift + a digit 1…9 to the camera at that place', () => {
    expect(cameraKeyIndex(press('Digit1', { shiftKey: true }))).toBe(0);
    expect(cameraKeyIndex(press('Digit9', { shiftKey: true }))).toBe(8);
    expect(cameraKeyIndex(press('Numpad3', { shiftKey: true }))).toBe(2);
  });

  it('leaves digits alone (markers), 0, other keys and other modifiers', () => {
    expect(cameraKeyIndex(press('Digit1', {}))).toBeNull();
    expect(cameraKeyIndex(press('Digit0', { shiftKey: true }))).toBeNull();
    expect(cameraKeyIndex(press('KeyI', { shiftKey: true }))).toBeNull();
    expect(cameraKeyIndex(press('Digit2', { shiftKey: true, ctrlKey: true }))).toBeNull();
    expect(cameraKeyIndex(press('Digit2', { shiftKey: true, altKey: true }))).toBeNull();
  });
});
