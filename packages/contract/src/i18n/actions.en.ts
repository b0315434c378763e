/**
 * English messages of the action layer and of the form and widget details of spec §2, §4, §8:
 * refused calls, chunk failures, form reset, the tag picker on edit forms. Spread into en.ts.
 */
export const actionsEn = {
  'notification.notAuthorised': 'Action not authorised !',
  'screen.chunkFailed': 'Loading chunk {{chunk}} failed',
  'resource.common.reset': 'Reset',
  'widgets.tagPicker.open': 'Choose tags',
  'widgets.tagPicker.none': 'No tag chosen',
};
