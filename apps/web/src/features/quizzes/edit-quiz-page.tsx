import { messages } from '@brigade/core/messages';
import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { FormPage } from '../../components/form-page';
import { useCoreText } from '../../lib/i18n';
import { useQuiz } from './api/get-quiz';
import { FORM_WIDTH, QuizForm } from './quiz-form';

/** /quiz-management/{id}/edit (hq): the form, starting from the stored quiz. */
export function EditQuizPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const quiz = useQuiz(id);
  return (
    <FormPage
      title={t`Edit Quiz`}
      load={quiz}
      width={FORM_WIDTH}
      loadingLabel={t`Loading quiz`}
      skeletonRows={4}
      loadFailed={text(messages.quizLoadFailed)}
      notFound={{ message: t`Quiz not found`, backTo: '/quiz-management', backLabel: t`Back to Quizzes` }}
    >
      {(stored) => <QuizForm key={stored.id} quiz={stored} />}
    </FormPage>
  );
}
