import { type Attachment, type AttachmentList, attachmentPaths } from '@regie/contract/attachments';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';

const attachmentsKey = (eventId: number) => ['events', eventId, 'attachments'] as const;

export function useAttachments(eventId: number) {
  const api = useApi();
  return useQuery({
    queryKey: attachmentsKey(eventId),
    queryFn: ({ signal }) => api.get<AttachmentList>(attachmentPaths.list(eventId), undefined, { signal }),
  });
}

/** Sends one file (multipart, field "file") and reports the percent sent. */
export function useAttach(eventId: number) {
  const api = useApi();
  const [percent, setPercent] = useState<number | null>(null);
  const action = useAction(
    async (file: File) => {
      const form = new FormData();
      form.set('file', file);
      setPercent(0);
      try {
        return await api.upload<Attachment>(attachmentPaths.list(eventId), form, {
          onProgress: (loaded) => setPercent(Math.min(100, Math.round((loaded / Math.max(1, file.size)) * 100))),
        });
      } finally {
        setPercent(null);
      }
    },
    { success: 'attachments.uploaded', invalidate: [attachmentsKey(eventId)] },
  );
  return { ...action, percent };
}

export function useDeleteAttachment(eventId: number) {
  const api = useApi();
  return useAction((id: number) => api.delete(attachmentPaths.one(eventId, id)), {
    success: 'attachments.deleted',
    invalidate: [attachmentsKey(eventId)],
  });
}
