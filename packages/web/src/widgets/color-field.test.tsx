import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.tsx';
import { ColorField } from './ColorField.tsx';

/** The EyeDropper API, which Chromium has and jsdom lacks: with it, Mantine shows the dropper button. */
class EyeDropper {
  open() {
    return Promise.resolve({ sRGBHex: '#000000' });
  }
}

beforeEach(() => {
  Object.assign(window, { EyeDropper });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'EyeDropper');
});

describe('colour field', () => {
  it("names the browser's eye dropper button, in the interface's language", () => {
    renderWithProviders(<ColorField label="Colour" value="#0ACAFF" onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Pick a colour from the screen' })).toBeTruthy();
    cleanup();
    renderWithProviders(<ColorField label="Couleur" value="#0ACAFF" onChange={() => {}} />, { language: 'fr' });
    expect(screen.getByRole('button', { name: 'Prendre une couleur à l’écran' })).toBeTruthy();
  });
});
