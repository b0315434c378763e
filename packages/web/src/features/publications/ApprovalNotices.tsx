import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../api/notify.ts';
import { publicationKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';
import { useApprovalNotices } from './publication-calls.ts';

/**
 * Mounted once in the signed-in shell: every open back-office of a user who publishes hears that a
 * clip rule's clip awaits approval (issue 41 point 3), and the lists it holds are read again.
 */
export function ApprovalNotices() {
  const t = useT();
  const queryClient = useQueryClient();
  useApprovalNotices(() => {
    notify({ type: 'info', text: t('publications.approvals.new') });
    void queryClient.invalidateQueries({ queryKey: publicationKeys.all });
  });
  return null;
}
