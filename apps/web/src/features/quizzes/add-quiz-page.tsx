import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { QuizForm } from './quiz-form';

/** /quiz-management/add (hq). */
export function AddQuizPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`New Quiz`} />
      <QuizForm quiz={null} />
    </>
  );
}
