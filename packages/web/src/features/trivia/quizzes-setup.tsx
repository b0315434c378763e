import { Stack } from '@mantine/core';
import { answersResource, questionsResource, quizzesResource } from '@regie/contract/resources/quizzes';
import type { ResourceSetup, TabPanelProps } from '../../resources/customization.ts';
import { NestedResourceList } from '../../resources/NestedResourceList.tsx';
import { Prizes } from '../games/GamePanels.tsx';
import { QuestionOrder } from './QuestionOrder.tsx';
import { QuizRanking } from './QuizRanking.tsx';

const questions = questionsResource;
const answers = answersResource;

/** Under a quiz's infos form: its questions, each opening onto its answers, their order, its sponsors and gifts. */
function QuizQuestions({ record, canWrite, tab }: TabPanelProps & { tab: string | null }) {
  if (tab !== 'infos') return null;
  return (
    <Stack gap="lg">
      <NestedResourceList
        resource={questions}
        parentId={record.id}
        canWrite={canWrite}
        renderChildren={(question) => (
          <NestedResourceList resource={answers} parentId={question.id} canWrite={canWrite} />
        )}
      />
      <QuestionOrder quizId={record.id} canWrite={canWrite} />
      <Prizes owner="trivia" ownerId={record.id} canWrite={canWrite} />
    </Stack>
  );
}

export const quizzesSetup: ResourceSetup = {
  resource: quizzesResource,
  custom: { BelowForm: QuizQuestions, tabPanels: { ranking: QuizRanking } },
};
