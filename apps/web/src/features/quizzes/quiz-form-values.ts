import type { QuizDetail, QuizInput } from '@brigade/core/schemas/quizzes';
import { DEFAULT_PASS_MARK } from '@brigade/core/scoring';
import { randomId } from '@mantine/hooks';

/** `key` fields live only in the browser: React's keys, and where focus goes after a change. */
export interface QuizOptionValue {
  key: string;
  text: string;
}

export interface QuizQuestionValue {
  key: string;
  text: string;
  options: QuizOptionValue[];
  /** The one correct option, by position. */
  correctIndex: number;
}

export interface QuizFormValues {
  title: string;
  description: string;
  /** NumberInput gives '' while the field is empty. */
  passMark: number | string;
  questions: QuizQuestionValue[];
}

export function newOption(): QuizOptionValue {
  return { key: randomId(), text: '' };
}

/** Each new question starts with two options, the first correct (core §5, §9). */
export function newQuestion(): QuizQuestionValue {
  return { key: randomId(), text: '', options: [newOption(), newOption()], correctIndex: 0 };
}

export function initialValuesOf(quiz: QuizDetail | null): QuizFormValues {
  if (!quiz) return { title: '', description: '', passMark: DEFAULT_PASS_MARK, questions: [newQuestion()] };
  return {
    title: quiz.title,
    description: quiz.description,
    passMark: quiz.passMark,
    questions: quiz.questions.length
      ? quiz.questions.map((question) => ({
          key: randomId(),
          text: question.text,
          options: question.options.map((option) => ({ key: randomId(), text: option.text })),
          correctIndex: question.correctIndex,
        }))
      : [newQuestion()],
  };
}

export function toQuizInput(values: QuizFormValues): QuizInput {
  return {
    title: values.title,
    description: values.description,
    passMark: values.passMark === '' ? DEFAULT_PASS_MARK : Number(values.passMark),
    questions: values.questions.map((question) => ({
      text: question.text,
      options: question.options.map((option) => ({ text: option.text })),
      correctIndex: question.correctIndex,
    })),
  };
}
