import { SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { DateTimeField } from '../../widgets/DateTimeField.tsx';
import { FileDropzone } from '../../widgets/FileDropzone.tsx';
import { ImageUploadField } from '../../widgets/ImageUploadField.tsx';
import { LimitedTextField } from '../../widgets/LimitedTextField.tsx';
import { PasswordField } from '../../widgets/PasswordField.tsx';
import { SelectField } from '../../widgets/SelectField.tsx';
import { MessagesSection, MissingKeySection, OverlaysSection } from './GalleryFeedback.tsx';
import { ItemsDrawerSection, SearchSection, TagPickerSection } from './GalleryPickers.tsx';
import { GallerySection } from './GallerySection.tsx';
import { SAMPLE_TEAMS } from './gallery-samples.ts';

/** /tests/widgets: the shared widgets side by side (development builds only). */
export function WidgetsGallery() {
  const t = useT();
  const [image, setImage] = useState<string | null>(null);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <MessagesSection />
      <FieldsSection />
      <SearchSection />
      <GallerySection title="widgets.gallery.file">
        <FileDropzone accept={['image/png', 'image/jpeg', 'image/svg+xml', 'video/mp4']} onFile={() => undefined} />
      </GallerySection>
      <TagPickerSection />
      <ItemsDrawerSection />
      <GallerySection title="widgets.gallery.image">
        <ImageUploadField label={t('widgets.gallery.imageLabel')} value={image} onChange={setImage} kind="picture" />
      </GallerySection>
      <OverlaysSection />
      <MissingKeySection />
    </SimpleGrid>
  );
}

/** The form fields: a limited text, a password, a select, a date and time (starting invalid). */
function FieldsSection() {
  const t = useT();
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>('not a date');
  return (
    <GallerySection title="widgets.gallery.fields">
      <Stack gap="sm">
        <LimitedTextField label={t('widgets.gallery.limitedText')} textLimit={40} value={text} onChange={setText} />
        <PasswordField label={t('widgets.gallery.secret')} autoComplete="new-password" />
        <SelectField
          label={t('widgets.gallery.select')}
          data={SAMPLE_TEAMS.map((team) => ({ value: team, label: team }))}
          value={choice}
          onChange={setChoice}
        />
        <DateTimeField label={t('widgets.gallery.dateTime')} value={date} onChange={setDate} />
      </Stack>
    </GallerySection>
  );
}
