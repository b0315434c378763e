import { Text, Textarea, TextInput } from '@mantine/core';
import { PLATFORM_LIMITS } from '@regie/contract/publications';
import { SOCIAL_PLATFORM_NAMES, type SocialPlatform } from '@regie/contract/social';
import { useT } from '../../i18n/use-t.ts';
import { countsOf } from './publish-form.ts';

/** The counter under the field, between the field and its error. */
const COUNTER_BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/**
 * A post's title (where its platform has one) and caption, each counted as its platform counts
 * (X's weighted length, code points elsewhere) with the hashtag limit said: the Publish dialog's
 * and an approval's (issue 41), so that both count alike.
 */
export function PostTextFields({
  platform,
  title,
  caption,
  onChange,
  titleError,
  captionError,
}: {
  platform: SocialPlatform;
  title: string;
  caption: string;
  onChange: (next: { title?: string; caption?: string }) => void;
  titleError?: string | undefined;
  captionError?: string | undefined;
}) {
  const t = useT();
  const name = SOCIAL_PLATFORM_NAMES[platform];
  const counts = countsOf(platform, { title, caption });
  const { hashtagsMax } = PLATFORM_LIMITS[platform];
  const counter = (count: { length: number; max: number }) => (
    <Text component="span" size="xs" c={count.length > count.max ? 'red.8' : 'dimmed'}>
      {t('publications.dialog.counter', { length: count.length, max: count.max })}
    </Text>
  );
  return (
    <>
      {counts.title && (
        <TextInput
          label={t('publications.dialog.postTitle', { name })}
          value={title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          description={counter(counts.title)}
          inputWrapperOrder={COUNTER_BELOW}
          error={titleError}
        />
      )}
      <Textarea
        label={t('publications.dialog.caption', { name })}
        value={caption}
        onChange={(event) => onChange({ caption: event.currentTarget.value })}
        autosize
        minRows={2}
        maxRows={6}
        inputWrapperOrder={COUNTER_BELOW}
        description={
          <>
            {counter(counts.caption)}
            {hashtagsMax !== null && (
              <Text component="span" size="xs" c="dimmed">
                {' · '}
                {t('publications.dialog.hashtags', { max: hashtagsMax })}
              </Text>
            )}
          </>
        }
        error={captionError}
      />
    </>
  );
}
