import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Paper, Radio, Text, TextInput, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useCoreText } from '../../lib/i18n';
import classes from './question-list.module.css';
import { newOption, newQuestion, type QuizFormValues } from './quiz-form-values';

/**
 * The quiz's questions (core §5): each with its text and at least two options, exactly
 * one marked correct with its radio. A question can be deleted while another remains;
 * an option can be removed while two others remain.
 */
export function QuestionList({ form }: { form: UseFormReturnType<QuizFormValues> }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const questions = form.values.questions;
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // After an add or a remove, focus moves to the field that took its place.
  useEffect(() => {
    const key = pendingFocus.current;
    if (!key || !listRef.current) return;
    pendingFocus.current = null;
    listRef.current.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`)?.focus();
  });

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: string) {
    const input = form.getInputProps(path);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  function revalidateIfShowingErrors() {
    // Removing list items shifts Mantine's errors by position only; validate again.
    if (Object.keys(form.errors).length > 0) queueMicrotask(() => form.validate());
  }

  function addQuestion() {
    const question = newQuestion();
    form.insertListItem('questions', question);
    pendingFocus.current = question.key;
    const number = questions.length + 1;
    setAnnouncement(t`Question ${number} added`);
  }

  function deleteQuestion(index: number) {
    if (questions.length <= 1) return;
    form.removeListItem('questions', index);
    revalidateIfShowingErrors();
    const next = questions[index + 1] ?? questions[index - 1];
    if (next) pendingFocus.current = next.key;
    const number = index + 1;
    setAnnouncement(t`Question ${number} deleted`);
  }

  function addOption(questionIndex: number) {
    const option = newOption();
    form.insertListItem(`questions.${questionIndex}.options`, option);
    pendingFocus.current = option.key;
    const number = questionIndex + 1;
    setAnnouncement(t`Option added to question ${number}`);
  }

  function removeOption(questionIndex: number, optionIndex: number) {
    const question = questions[questionIndex];
    if (!question || question.options.length <= 2) return;
    const correct = question.correctIndex;
    form.removeListItem(`questions.${questionIndex}.options`, optionIndex);
    // The correct answer keeps pointing at the same option; if that one went, the first is correct.
    if (optionIndex < correct) form.setFieldValue(`questions.${questionIndex}.correctIndex`, correct - 1);
    else if (optionIndex === correct) form.setFieldValue(`questions.${questionIndex}.correctIndex`, 0);
    revalidateIfShowingErrors();
    const next = question.options[optionIndex + 1] ?? question.options[optionIndex - 1];
    if (next) pendingFocus.current = next.key;
    const optionNumber = optionIndex + 1;
    const number = questionIndex + 1;
    setAnnouncement(t`Option ${optionNumber} of question ${number} removed`);
  }

  return (
    <div>
      <Text fw="var(--mantine-font-weight-medium)" size="sm" mb={4}>
        <Trans>Questions</Trans>
      </Text>
      <Text size="sm" c="gray.7" mb="sm">
        <Trans>Mark the correct answer of each question with the radio button beside it.</Trans>
      </Text>
      <ol ref={listRef} className={classes.list}>
        {questions.map((question, questionIndex) => {
          const number = questionIndex + 1;
          const correctError = form.errors[`questions.${questionIndex}.correctIndex`];
          return (
            <Paper component="li" key={question.key} withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
              <Group align="flex-start" gap="xs" wrap="nowrap">
                <TextInput
                  label={t`Question ${number}`}
                  required
                  maxLength={1000}
                  style={{ flex: 1, minWidth: 0 }}
                  data-focus-key={question.key}
                  {...field(`questions.${questionIndex}.text`)}
                />
                {questions.length > 1 && (
                  <ActionIcon
                    size="lg"
                    variant="subtle"
                    color="red.9"
                    mt={25}
                    aria-label={t`Delete question ${number}`}
                    onClick={() => deleteQuestion(questionIndex)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>

              <ul className={classes.options} style={{ marginTop: 12 }} aria-label={t`Options of question ${number}`}>
                {question.options.map((option, optionIndex) => {
                  const optionNumber = optionIndex + 1;
                  return (
                    <li key={option.key} className={classes.option}>
                      <Radio
                        className={classes.radio}
                        name={`correct-${question.key}`}
                        value={String(optionIndex)}
                        checked={question.correctIndex === optionIndex}
                        onChange={() => form.setFieldValue(`questions.${questionIndex}.correctIndex`, optionIndex)}
                        aria-label={t`Correct answer: option ${optionNumber} of question ${number}`}
                      />
                      <TextInput
                        className={classes.field}
                        aria-label={t`Option ${optionNumber} of question ${number}`}
                        placeholder={t`Option ${optionNumber}`}
                        maxLength={1000}
                        data-focus-key={option.key}
                        {...field(`questions.${questionIndex}.options.${optionIndex}.text`)}
                      />
                      {question.options.length > 2 && (
                        <ActionIcon
                          size="lg"
                          variant="subtle"
                          color="gray.8"
                          aria-label={t`Remove option ${optionNumber} of question ${number}`}
                          onClick={() => removeOption(questionIndex, optionIndex)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      )}
                    </li>
                  );
                })}
              </ul>
              {correctError && (
                <Text size="sm" c="red.8" mt={4} role="alert">
                  {typeof correctError === 'string' ? text(correctError) : correctError}
                </Text>
              )}
              <Button
                mt="sm"
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={question.options.length >= 10}
                onClick={() => addOption(questionIndex)}
                aria-label={t`Add Option to question ${number}`}
              >
                <Trans>Add Option</Trans>
              </Button>
            </Paper>
          );
        })}
      </ol>
      <Group mt="md">
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={addQuestion}
          disabled={questions.length >= 100}
        >
          <Trans>Add Question</Trans>
        </Button>
      </Group>
      <VisuallyHidden aria-live="polite" role="status">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
