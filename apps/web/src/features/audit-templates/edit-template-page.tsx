import { messages } from '@brigade/core/messages';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useAuditTemplate } from './api/get-audit-template';
import { FORM_WIDTH, TemplateForm } from './template-form';

/** /audit-templates/{id}/edit (hq): the form, starting from the stored template. */
export function EditTemplatePage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const template = useAuditTemplate(id);
  // A mistyped id is refused as invalid (400); to the reader it is as missing as a 404.
  const missing = isApiError(template.error) && (template.error.status === 404 || template.error.status === 400);

  return (
    <>
      <PageHeader title={t`Edit Audit Template`} />
      {template.isPending ? (
        <FormSkeleton />
      ) : template.data ? (
        <TemplateForm key={template.data.id} template={template.data} />
      ) : missing ? (
        <Stack align="flex-start" maw={FORM_WIDTH}>
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
            {text(messages.templateNotFound)}
          </Alert>
          <Button component={Link} to="/audit-templates" variant="default">
            <Trans>Back to Templates</Trans>
          </Button>
        </Stack>
      ) : (
        <LoadError
          message={text(messages.templateLoadFailed)}
          onRetry={() => void template.refetch()}
          retrying={template.isFetching}
        />
      )}
    </>
  );
}

function FormSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="lg" maw={FORM_WIDTH} role="status" aria-busy="true" aria-label={t`Loading template`}>
      <Stack>
        {[0, 1, 2, 3].map((row) => (
          <Stack key={row} gap={6}>
            <Skeleton height={14} width={90} />
            <Skeleton height={36} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
