import { themesResource } from '@regie/contract/resources/themes';
import { markerTypes } from '../db/marker-types.table.ts';
import { themeMarkerTypes, themes } from '../db/themes.table.ts';
import { resourceEntry } from '../resources/resources.types.ts';

/** Themes: the marker types a theme shows are the account's own, kept in theme_marker_types. */
export const themesEntry = resourceEntry({
  definition: themesResource,
  table: themes,
  links: {
    markerTypes: {
      table: themeMarkerTypes,
      owner: themeMarkerTypes.themeId,
      target: themeMarkerTypes.markerTypeId,
      sameAccount: { table: markerTypes, id: markerTypes.id, accountId: markerTypes.accountId },
    },
  },
});
