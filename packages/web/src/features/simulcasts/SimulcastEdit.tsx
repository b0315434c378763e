import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import type { Simulcast } from '@regie/contract/simulcast';
import { useNavigate, useParams } from 'react-router';
import { useCurrentEntry } from '../../app/route-entry.ts';
import { useT } from '../../i18n/use-t.ts';
import { usePageTitle } from '../../widgets/page-title.ts';
import { AwsStatusNote } from './AwsStatusNote.tsx';
import { SimulcastFieldsForm } from './SimulcastForm.tsx';
import { SimulcastStatsTab } from './SimulcastStatsTab.tsx';
import { type SimulcastActions, useLiveTargets, useSimulcast, useSimulcastActions } from './simulcast-calls.ts';
import { SIMULCAST_ROUTES } from './simulcast-routes.ts';
import { TargetsPanel } from './TargetsPanel.tsx';

/**
 * The form starts again from the saved fields when they change (a save, another user's edit), and
 * only then: a target's start, stop or status changes the simulcast's updatedAt, and keying the
 * form on it threw the form away under the person's pointer (an open live input list closed, its
 * options detached: issue 45).
 */
function formKey(simulcast: Simulcast): string {
  return JSON.stringify([simulcast.name, simulcast.inputId]);
}

function InfoTab({ simulcast, actions }: { simulcast: Simulcast; actions: SimulcastActions }) {
  const t = useT();
  const navigate = useNavigate();
  const remove = () => {
    if (!window.confirm(t('simulcast.form.deleteConfirm'))) return;
    actions.remove.mutate(undefined, { onSuccess: () => navigate(SIMULCAST_ROUTES[simulcast.provider].list) });
  };
  return (
    <Stack gap="lg">
      {simulcast.provider === 'aws' && (
        <>
          <AwsStatusNote />
          <Group>
            <Button loading={actions.startAws.isPending} onClick={() => actions.startAws.mutate(undefined)}>
              {t('simulcast.aws.startAll')}
            </Button>
            <Button
              variant="light"
              color="red"
              loading={actions.stopAws.isPending}
              onClick={() => actions.stopAws.mutate(undefined)}
            >
              {t('simulcast.aws.stopAll')}
            </Button>
          </Group>
        </>
      )}
      <SimulcastFieldsForm
        key={formKey(simulcast)}
        initial={{ name: simulcast.name, inputId: simulcast.inputId }}
        submitLabel={t('simulcast.form.save')}
        busy={actions.save.isPending}
        onSubmit={(fields) => actions.save.mutate(fields)}
      />
      <TargetsPanel simulcast={simulcast} actions={actions} />
      <Group>
        <Button variant="subtle" color="red" onClick={remove} loading={actions.remove.isPending}>
          {t('simulcast.form.delete')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The edit page: tab info (fields, targets editor with live status), tab stats. */
function SimulcastEdit({ id }: { id: number }) {
  const t = useT();
  const entry = useCurrentEntry();
  const simulcast = useSimulcast(id);
  const actions = useSimulcastActions(id);
  useLiveTargets(id);
  usePageTitle(simulcast.data?.name ?? null);
  if (simulcast.isError) return <Alert color="red">{t('simulcast.form.notFound')}</Alert>;
  if (!simulcast.data) return <Loader size="sm" aria-label={t('app.loading')} />;
  return entry?.node.path === 'stats' ? (
    <SimulcastStatsTab simulcast={simulcast.data} />
  ) : (
    <InfoTab simulcast={simulcast.data} actions={actions} />
  );
}

function useIdParam(name: string): number | null {
  const value = Number(useParams()[name]);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** /events/simulcasts/edit/:simId (tabs info, stats) */
export function SimulcastEditScreen() {
  const t = useT();
  const id = useIdParam('simId');
  if (id === null) return <Alert color="red">{t('simulcast.form.notFound')}</Alert>;
  return <SimulcastEdit key={id} id={id} />;
}

/** /events/aws-simulcasts/edit/:id (tab info) */
export function AwsSimulcastEditScreen() {
  const t = useT();
  const id = useIdParam('id');
  if (id === null) return <Alert color="red">{t('simulcast.form.notFound')}</Alert>;
  return <SimulcastEdit key={id} id={id} />;
}
