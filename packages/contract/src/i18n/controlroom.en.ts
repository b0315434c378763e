/** English messages of one domain (the control room of a live event), spread into en.ts. */
export const controlRoomEn = {
  'controlRoom.open': 'Control room',
  'controlRoom.title': 'Control room – {{name}}',
  'controlRoom.notFound': 'This event does not exist or is not yours.',
  'controlRoom.backToStream': 'Back to the event’s stream tab',
  'controlRoom.camerasKeys': 'Cameras (Shift + 1…9 puts one on air)',
  'controlRoom.markersWaiting': 'Marker keys drop a marker at the program’s frame once it plays.',
  'controlRoom.noSimulcast': 'No simulcast restreams this event’s cameras.',
} as const;
