import { fanPublicPaths } from '@regie/contract/fans';
import { isRecord } from '@regie/contract/guards';
import { type FanSessionStore, fanCall, refusal } from './embed-fan.ts';
import type { EmbedLanguage, EmbedTranslate } from './embed-i18n.ts';
import { element } from './embed-view.ts';

type Mode = 'signin' | 'signup' | 'confirm';

function field(id: string, label: string, attributes: Record<string, string>): HTMLElement[] {
  return [element('label', { for: id }, [label]), element('input', { id, name: id, required: '', ...attributes })];
}

export function inputValue(form: HTMLFormElement, name: string): string {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement ? input.value : '';
}

/**
 * The fan's sign-in on the page's club (its token names it), and sign-up confirmed by the code
 * the club mails: one form that switches between the three. Used by the games panel and by the
 * sign-in a fans-only or paid video asks for first; the session goes to the page's store, so
 * both see it. `prefix` keeps the ids of two forms on one page apart.
 */
export class FanAuthForm {
  readonly root = element('div', { class: 'fan-auth' });
  private readonly status = element('p', { class: 'games-status', role: 'status' });
  private mode: Mode = 'signin';
  private pendingEmail = '';

  constructor(
    private readonly pageToken: string,
    private readonly store: FanSessionStore,
    private readonly language: EmbedLanguage,
    private readonly say: EmbedTranslate,
    private readonly hint: string,
    private readonly prefix = 'fan',
  ) {
    this.draw();
  }

  /** Back to the sign-in form, nothing typed. */
  reset(): void {
    this.mode = 'signin';
    this.status.textContent = '';
    this.draw();
  }

  private id(name: string): string {
    return `${this.prefix}-${name}`;
  }

  private draw(): void {
    const { say } = this;
    const form = element('form', { class: 'games-form' });
    const swap = element('button', { type: 'button', class: 'link' }, [
      say(this.mode === 'signin' ? 'fanToSignUp' : 'fanToSignIn'),
    ]);
    swap.addEventListener('click', () => {
      this.mode = this.mode === 'signin' ? 'signup' : 'signin';
      this.status.textContent = '';
      this.draw();
    });
    if (this.mode === 'confirm') {
      form.append(
        element('p', {}, [say('fanCodeSent', { email: this.pendingEmail })]),
        ...field(this.id('code'), say('fanCode'), { autocomplete: 'one-time-code' }),
        element('button', { type: 'submit' }, [say('fanConfirm')]),
      );
    } else {
      form.append(
        element('p', {}, [this.hint]),
        ...(this.mode === 'signup' ? field(this.id('nickname'), say('fanNickname'), { autocomplete: 'nickname' }) : []),
        ...field(this.id('email'), say('fanEmail'), { type: 'email', autocomplete: 'email' }),
        ...field(this.id('password'), say('fanPassword'), {
          type: 'password',
          autocomplete: this.mode === 'signup' ? 'new-password' : 'current-password',
        }),
        element('button', { type: 'submit' }, [say(this.mode === 'signup' ? 'fanSignUp' : 'fanSignIn')]),
      );
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit(form);
    });
    this.root.replaceChildren(form, ...(this.mode === 'confirm' ? [] : [swap]), this.status);
  }

  private async submit(form: HTMLFormElement): Promise<void> {
    const common = { method: 'POST', embedToken: this.pageToken, language: this.language };
    const email = inputValue(form, this.id('email'));
    const password = inputValue(form, this.id('password'));
    const answer =
      this.mode === 'signin'
        ? await fanCall(fanPublicPaths.signin, { ...common, body: { email, password } })
        : this.mode === 'signup'
          ? await fanCall(fanPublicPaths.signup, {
              ...common,
              body: { email, password, nickname: inputValue(form, this.id('nickname')), language: this.language },
            })
          : await fanCall(fanPublicPaths.confirm, {
              ...common,
              body: { token: inputValue(form, this.id('code')).trim() },
            });
    if (answer?.status === 202) {
      this.pendingEmail = email;
      this.mode = 'confirm';
      this.status.textContent = '';
      return this.draw();
    }
    const body = answer?.body;
    if (answer?.status === 200 && isRecord(body) && typeof body.token === 'string') {
      this.mode = 'signin';
      this.status.textContent = '';
      return this.store.set({ token: body.token, expiresAt: String(body.expiresAt) });
    }
    this.status.textContent = refusal(answer) ?? this.say('fanFailed');
  }
}
