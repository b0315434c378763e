import { ActionIcon, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { resourcePath } from '@regie/contract/api';
import { questionsResource } from '@regie/contract/resources/quizzes';
import { QUIZ_QUESTIONS_MAX, triviaPaths } from '@regie/contract/trivia';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type DragEvent, useRef } from 'react';
import { useAction } from '../../api/action.ts';
import { useApi } from '../../api/api-context.ts';
import { resourceKeys, triviaKeys } from '../../api/query-keys.ts';
import { useT } from '../../i18n/use-t.ts';

interface Question {
  id: number;
  text: string;
  position: number;
}

function isQuestionList(value: unknown): value is { data: Question[] } {
  return typeof value === 'object' && value !== null && 'data' in value && Array.isArray(value.data);
}

/** The quiz's questions in the order fans get them. */
function useQuestionOrder(quizId: number) {
  const api = useApi();
  return useQuery({
    queryKey: triviaKeys.order(quizId),
    queryFn: async ({ signal }) => {
      const answer = await api.get<unknown>(
        resourcePath(questionsResource, quizId),
        { sort: 'position', limit: QUIZ_QUESTIONS_MAX },
        { signal },
      );
      return isQuestionList(answer) ? answer.data : [];
    },
  });
}

/**
 * The order of a quiz's questions: drag a question onto another's place, or move it with its
 * arrows (keyboard). Each move is one call (PUT questions/updateposition/{id}).
 */
export function QuestionOrder({ quizId, canWrite }: { quizId: number; canWrite: boolean }) {
  const t = useT();
  const api = useApi();
  const questions = useQuestionOrder(quizId);
  // A ref, not state: a quick drag drops before React renders the state its start set, and the
  // drop handler of that render would still see no dragged question.
  const dragged = useRef<number | null>(null);
  const move = useAction(
    ({ id, position }: { id: number; position: number }) =>
      api.put<unknown>(triviaPaths.questionPosition(id), { position }),
    { pending: false, success: 'trivia.order.saved', invalidate: [resourceKeys.all('questions')] },
  );
  const list = questions.data ?? [];
  if (list.length < 2) return null;
  const drop = (event: DragEvent, position: number) => {
    event.preventDefault();
    if (dragged.current !== null) move.mutate({ id: dragged.current, position });
    dragged.current = null;
  };
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="question-order-title" maw={980}>
      <Title order={2} size="h5" id="question-order-title">
        {t('trivia.order.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('trivia.order.hint')}
      </Text>
      <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((question, index) => (
          <Group
            key={question.id}
            component="li"
            gap="xs"
            wrap="nowrap"
            draggable={canWrite}
            data-testid={`question-order-${question.id}`}
            onDragStart={() => {
              dragged.current = question.id;
            }}
            // A drag dropped elsewhere or cancelled moves nothing: a later drop of text or a file
            // on the list must not move this question.
            onDragEnd={() => {
              dragged.current = null;
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => drop(event, index)}
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8, padding: '6px 10px' }}
          >
            {canWrite && <IconGripVertical size={16} aria-hidden style={{ cursor: 'grab' }} />}
            <Text fw={600} w={28}>
              {index + 1}.
            </Text>
            <Text style={{ flex: 1 }}>{question.text}</Text>
            {canWrite && (
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('trivia.order.up', { text: question.text })}
                  disabled={index === 0 || move.isPending}
                  onClick={() => move.mutate({ id: question.id, position: index - 1 })}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('trivia.order.down', { text: question.text })}
                  disabled={index === list.length - 1 || move.isPending}
                  onClick={() => move.mutate({ id: question.id, position: index + 1 })}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Group>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
