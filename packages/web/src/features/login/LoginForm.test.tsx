import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { theme } from '../../app/theme.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { renderWithProviders } from '../../test-utils.tsx';
import { LoginForm } from './LoginForm.tsx';

afterEach(cleanup);

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function submitButton(name: string): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

describe('login form', () => {
  it('keeps the submit button disabled while untouched', () => {
    renderWithProviders(<LoginForm onSubmit={vi.fn()} />);
    expect(submitButton('Sign in').disabled).toBe(true);
    expect(screen.queryByText('Username required')).toBeNull();
  });

  it('says what is missing once a field was touched, in English', () => {
    renderWithProviders(<LoginForm onSubmit={vi.fn()} />);
    type(/^Username/, '   ');
    fireEvent.blur(screen.getByLabelText(/^Password/));
    expect(screen.getByText('Username required')).toBeTruthy();
    expect(screen.getByText('Password required')).toBeTruthy();
    expect(submitButton('Sign in').disabled).toBe(true);
  });

  it('says it in French for a French interface', () => {
    renderWithProviders(<LoginForm onSubmit={vi.fn()} />, { language: 'fr' });
    type(/^Identifiant/, ' ');
    fireEvent.blur(screen.getByLabelText(/^Mot de passe/));
    expect(screen.getByText('Identifiant requis')).toBeTruthy();
    expect(screen.getByText('Mot de passe requis')).toBeTruthy();
    expect(submitButton('Se connecter').disabled).toBe(true);
  });

  it('submits the trimmed username once both fields are filled', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    type(/^Username/, '  producer ');
    type(/^Password/, 'regie-demo');
    const button = submitButton('Sign in');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'producer', password: 'regie-demo' }));
  });

  it('shows "Login failed" on failure, and the server message when throttled', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(401, { message: 'Invalid credentials' }))
      .mockRejectedValueOnce(new ApiError(429, { message: 'Too many attempts, retry in 15 minutes' }));
    renderWithProviders(<LoginForm onSubmit={onSubmit} />, { language: 'fr' });
    type(/^Identifiant/, 'producer');
    type(/^Mot de passe/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Échec de la connexion');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Too many attempts'));
    expect(errorLog).toHaveBeenCalled();
    errorLog.mockRestore();
  });

  it('says a failure shown before a switch to French in French', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const i18n = createI18n('en');
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(401, { message: 'Invalid credentials' }))
      .mockRejectedValueOnce(
        new ApiError(429, { message: 'Too many failed sign-in attempts. Try again in 15 minutes.' }, undefined, {
          retryAfter: '900',
        }),
      );
    render(
      <MantineProvider theme={theme} env="test">
        <I18nextProvider i18n={i18n}>
          <LoginForm onSubmit={onSubmit} />
        </I18nextProvider>
      </MantineProvider>,
    );
    type(/^Username/, 'producer');
    type(/^Password/, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByRole('alert').textContent).toBe('Échec de la connexion');
    // Throttled: when to try again, from the answer's Retry-After, in the language shown.
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('15 minutes'));
    expect(screen.getByRole('alert').textContent).toMatch(/^Échec de la connexion — Trop de tentatives/);
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Login failed — Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    errorLog.mockRestore();
  });
});
