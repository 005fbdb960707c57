import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../lib/api-client';
import { useFormFailure } from '../lib/form-failure';
import { FormFailureAlert } from './form-failure-alert';

const FALLBACK = 'Failed to create quiz';

/** A form as the app's forms are built: Mantine's useForm, the shared failure hook and its box. */
function QuizTitleForm({ failWith, conflictField }: { failWith: Error; conflictField?: string }) {
  const saveFailure = useFormFailure({ conflictField });
  const form = useForm({ mode: 'uncontrolled', initialValues: { title: '' }, onValuesChange: saveFailure.clear });
  return (
    <form noValidate onSubmit={form.onSubmit(() => saveFailure.report(form, failWith, FALLBACK))}>
      <TextInput label="Title" key={form.key('title')} {...form.getInputProps('title')} />
      <FormFailureAlert failure={saveFailure.failure} />
      <Button type="submit">Save Quiz</Button>
    </form>
  );
}

describe('a refused save shows one message, in one place, gone when fixed', () => {
  test('a field message from the server shows under its field only, and goes when the field changes', async () => {
    const taken = new ApiError(409, 'A quiz with this title already exists', {
      title: 'A quiz with this title already exists',
    });
    const { user } = renderWithProviders(<QuizTitleForm failWith={taken} />);
    await user.type(screen.getByLabelText('Title'), 'Food Safety Basics');
    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));

    expect(screen.getAllByText('A quiz with this title already exists')).toHaveLength(1);
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('A quiz with this title already exists');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(FALLBACK)).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), ' 2');
    expect(screen.queryByText('A quiz with this title already exists')).not.toBeInTheDocument();
  });

  test('a 409 without field messages goes under the field the form names for it', async () => {
    const taken = new ApiError(409, 'User with this email already exists');
    const { user } = renderWithProviders(<QuizTitleForm failWith={taken} conflictField="title" />);
    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));
    expect(screen.getAllByText('User with this email already exists')).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failure no field can show is one box, which goes as soon as the form changes', async () => {
    const down = new ApiError(503, 'Brigade is not available right now');
    const { user } = renderWithProviders(<QuizTitleForm failWith={down} />);
    await user.click(screen.getByRole('button', { name: 'Save Quiz' }));

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(FALLBACK);
    expect(alert).toHaveTextContent('Brigade is not available right now');

    await user.type(screen.getByLabelText('Title'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
