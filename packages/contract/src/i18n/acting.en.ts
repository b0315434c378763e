/** English messages of acting for an account with a reason (issue 26), spread into en.ts. */
export const actingEn = {
  'acting.dialog.title': 'Act for {{account}}',
  'acting.dialog.intro':
    'What you change is recorded in the account’s audit trail as done by you, acting for the account. Say why you act for it.',
  'acting.reason.label': 'Reason',
  'acting.reason.description': 'A ticket number or a few words. The account’s user managers can read it.',
  'acting.reason.required': 'Give a reason for acting for this account',
  'acting.readOnly.label': 'Read only',
  'acting.readOnly.description': 'Look at the account without being able to change anything.',
  'acting.confirm': 'Act for the account',
  'acting.cancel': 'Cancel',
  'acting.banner.label': 'Acting for an account',
  'acting.banner.text': 'You are acting for {{account}}.',
  'acting.banner.reason': 'Reason: {{reason}}',
  'acting.banner.readOnly': 'Read only',
  'acting.stop': 'Stop acting',
};
