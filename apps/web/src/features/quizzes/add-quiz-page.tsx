import { PageHeader } from '../../components/page-header';
import { QuizForm } from './quiz-form';

/** /quiz-management/add (hq). */
export function AddQuizPage() {
  return (
    <>
      <PageHeader title="New Quiz" />
      <QuizForm quiz={null} />
    </>
  );
}
