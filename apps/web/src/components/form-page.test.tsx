import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../lib/api-client';
import { FormPage, type FormPageLoad } from './form-page';

interface Quiz {
  title: string;
}

function load(state: Partial<FormPageLoad<Quiz>>): FormPageLoad<Quiz> {
  return { data: undefined, error: null, isPending: false, isFetching: false, refetch: vi.fn(), ...state };
}

function renderPage(state: FormPageLoad<Quiz>) {
  return renderWithProviders(
    <FormPage
      title="Edit Quiz"
      load={state}
      width={760}
      loadingLabel="Loading quiz"
      skeletonRows={4}
      loadFailed="Failed to load quiz"
      notFound={{ message: 'Quiz not found', backTo: '/quiz-management', backLabel: 'Back to Quizzes' }}
    >
      {(quiz) => <p>Form for {quiz.title}</p>}
    </FormPage>,
  );
}

describe('a form page that loads what its form starts from', () => {
  test('shows its title and a named skeleton while loading', () => {
    renderPage(load({ isPending: true, isFetching: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Quiz' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading quiz' })).toBeInTheDocument();
  });

  test('shows the form once loaded', () => {
    renderPage(load({ data: { title: 'Food Safety Basics' } }));
    expect(screen.getByText('Form for Food Safety Basics')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test.each([404, 400])('a %i is not found, with a way back instead of Retry', (status) => {
    renderPage(load({ error: new ApiError(status, 'Not found') }));
    expect(screen.getByRole('alert')).toHaveTextContent('Quiz not found');
    expect(screen.getByRole('link', { name: 'Back to Quizzes' })).toHaveAttribute('href', '/quiz-management');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  test('any other failure is the load error, and Retry loads again', async () => {
    const refetch = vi.fn();
    const { user } = renderPage(load({ error: new ApiError(503, 'Unavailable'), refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load quiz');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
