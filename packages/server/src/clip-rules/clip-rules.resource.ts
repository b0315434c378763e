import { CLIP_RULE_MESSAGES } from '@regie/contract/clip-rules';
import { clipRulesResource } from '@regie/contract/resources/clip-rules';
import { SOCIAL_MESSAGES, SOCIAL_MODULE, SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@regie/contract/social';
import { and, eq } from 'drizzle-orm';
import { clipRules } from '../db/clip-rules.table.ts';
import { socialLinks } from '../db/social-links.table.ts';
import { badRequest } from '../http/http.errors.ts';
import { resourceEntry } from '../resources/resources.types.ts';

/**
 * Clip rules: a plain resource of the engine (its reference fields are checked against the
 * account: another account's marker type, template or skin is a 400). What a rule does when a
 * marker arrives is clip-rules.service.ts.
 *
 * Publishing that runs itself (issue 41 point 3): a rule publishes through the links of the user
 * who chose its platforms (publishAuthorId, set here, never sent). Choosing them takes the Social
 * sharing module and a working link of one's own to each; a colleague who edits another field
 * keeps the author, one who changes the platforms becomes it.
 */
export const clipRulesEntry = resourceEntry({
  definition: clipRulesResource,
  table: clipRules,
  hooks: {
    async prepare(values, context) {
      const existing = context.existing;
      const chosen = (values.publishTargets as SocialPlatform[] | undefined) ?? existing?.publishTargets ?? [];
      if (chosen.length === 0) return { ...values, publishAuthorId: null };
      const same =
        existing !== null &&
        existing.publishAuthorId !== null &&
        chosen.length === existing.publishTargets.length &&
        chosen.every((platform) => existing.publishTargets.includes(platform));
      if (same) return values;
      if (!context.auth.account.modules.includes(SOCIAL_MODULE)) {
        throw badRequest(SOCIAL_MESSAGES.moduleInactive, [
          { path: 'publishTargets', message: SOCIAL_MESSAGES.moduleInactive },
        ]);
      }
      const links = await context.db
        .select({ platform: socialLinks.platform, state: socialLinks.state })
        .from(socialLinks)
        .where(and(eq(socialLinks.userId, context.auth.user.id), eq(socialLinks.state, 'active')));
      const missing = chosen.find((platform) => !links.some((link) => link.platform === platform));
      if (missing) {
        const message = CLIP_RULE_MESSAGES.authorNotLinked(SOCIAL_PLATFORM_NAMES[missing]);
        throw badRequest(message, [{ path: 'publishTargets', message }]);
      }
      return { ...values, publishAuthorId: context.auth.user.id };
    },
  },
});
