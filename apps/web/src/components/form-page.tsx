import { Alert, Box, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../lib/api-client';
import { LoadError } from './load-error';
import { PageHeader } from './page-header';

/** What a form page reads before its form can start: a TanStack query, or several combined into one. */
export interface FormPageLoad<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Where a page whose record does not exist sends the reader back to. */
interface NotFound {
  message: string;
  backTo: string;
  backLabel: string;
}

interface FormPageProps<T> {
  title: string;
  subtitle?: ReactNode;
  /** Buttons beside the title, once the record has loaded (Delete Training). */
  actions?: (data: T) => ReactNode;
  load: FormPageLoad<T>;
  /** The form's width: the skeleton, the not-found box and the load error keep to it. */
  width: number;
  /** The skeleton's name (Loading quiz) and how many label-and-field rows it draws. */
  loadingLabel: string;
  skeletonRows: number;
  /** The message above Retry when the load fails. */
  loadFailed: string;
  /** For a record found by its id: a 404, or a 400 for a mistyped id, shows this and a way back instead of Retry. */
  notFound?: NotFound;
  /** The form, given what was loaded. */
  children: (data: T) => ReactNode;
}

/**
 * A page whose form starts from something loaded (an edit page, New Audit, Update
 * Profile): its header, then a skeleton while loading, the form once loaded, and
 * otherwise "not found" with a way back or the load error with Retry.
 */
export function FormPage<T>({
  title,
  subtitle,
  actions,
  load,
  width,
  loadingLabel,
  skeletonRows,
  loadFailed,
  notFound,
  children,
}: FormPageProps<T>) {
  // A mistyped id is refused as invalid (400); to the reader it is as missing as a 404.
  const missing = notFound && isApiError(load.error) && [400, 404].includes(load.error.status);

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={load.data !== undefined && actions ? actions(load.data) : undefined}
      />
      {load.isPending ? (
        <FormSkeleton label={loadingLabel} rows={skeletonRows} width={width} />
      ) : load.data !== undefined ? (
        children(load.data)
      ) : missing ? (
        <Stack align="flex-start" maw={width}>
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
            {notFound.message}
          </Alert>
          <Button
            component={Link}
            to={notFound.backTo}
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
          >
            {notFound.backLabel}
          </Button>
        </Stack>
      ) : (
        <Box maw={width}>
          <LoadError message={loadFailed} onRetry={() => void load.refetch()} retrying={load.isFetching} />
        </Box>
      )}
    </>
  );
}

function FormSkeleton({ label, rows, width }: { label: string; rows: number; width: number }) {
  return (
    <Paper withBorder p="lg" maw={width} role="status" aria-busy="true" aria-label={label}>
      <Stack>
        {Array.from({ length: rows }, (_, row) => row).map((row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={14} width={90} />
            <Skeleton height={36} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
