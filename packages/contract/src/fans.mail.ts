// Kept free of zod. The mails of the fans' sign-up (issue 28.6), in the fan's language (en, fr).

export interface FanMailText {
  subject: string;
  text: string;
}

export type FanMailLanguage = 'en' | 'fr';

/** A new email: the code that confirms the sign-up (POST /api/fan/confirm {token}). */
export function fanConfirmMail(language: FanMailLanguage, club: string, token: string, hours: number): FanMailText {
  if (language === 'fr') {
    return {
      subject: `Confirmez votre inscription chez ${club}`,
      text: [
        'Bonjour,',
        '',
        `Pour terminer votre inscription chez ${club}, saisissez ce code de confirmation dans l’application du club :`,
        '',
        token,
        '',
        `Le code est valable ${hours} heures. Si vous ne vous êtes pas inscrit, ignorez cet e-mail.`,
      ].join('\n'),
    };
  }
  return {
    subject: `Confirm your sign-up at ${club}`,
    text: [
      'Hello,',
      '',
      `To finish signing up at ${club}, enter this confirmation code in the club's app:`,
      '',
      token,
      '',
      `The code works for ${hours} hours. If you did not sign up, ignore this mail.`,
    ].join('\n'),
  };
}

/** An email that is already a fan's: someone (maybe them) tried to sign up with it. */
export function fanAlreadySignedUpMail(language: FanMailLanguage, club: string): FanMailText {
  if (language === 'fr') {
    return {
      subject: `Tentative d’inscription chez ${club} avec votre adresse`,
      text: [
        'Bonjour,',
        '',
        `Quelqu’un a essayé de s’inscrire chez ${club} avec votre adresse e-mail, qui y a déjà un compte de fan.`,
        'Si c’était vous, connectez-vous avec votre mot de passe ; si vous l’avez oublié, contactez le club.',
        'Sinon, ignorez cet e-mail : votre compte n’a pas changé.',
      ].join('\n'),
    };
  }
  return {
    subject: `Sign-up attempt at ${club} with your address`,
    text: [
      'Hello,',
      '',
      `Someone tried to sign up at ${club} with your email address, which already has a fan account there.`,
      'If it was you, sign in with your password; if you forgot it, contact the club.',
      'Otherwise ignore this mail: your account has not changed.',
    ].join('\n'),
  };
}
