import { messages } from '@brigade/core/messages';
import type { AuditDetail } from '@brigade/core/schemas/audits';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AuditSignOffSection } from '../../components/audit-sign-off';
import { confirmDelete } from '../../components/confirm-delete';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { ScoreBadge } from '../../components/score-badge';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useOnline } from '../../lib/offline/use-outbox';
import { useDeleteAudit } from './api/delete-audit';
import { useAudit } from './api/get-audit';
import { AuditEditor } from './audit-editor';
import { AuditReportButtons } from './audit-report-buttons';

const LIST_PATH = '/audits-management';

/**
 * /audits/{id} (core-operations §2, §4): a draft to fill in (hq) or an audit to read.
 * Managers and staff, and everyone once it is completed, see it read-only.
 */
export function AuditPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const audit = useAudit(id);
  // Reload after a conflict: the editor starts over from the stored audit.
  const [generation, setGeneration] = useState(0);
  const online = useOnline();

  if (audit.isPending) return <AuditSkeleton />;
  // A draft kept on the device waits for the stored one online, so the editor starts from
  // the current version; offline it opens from the device at once.
  if (audit.data?.status === 'draft' && online && !audit.isFetchedAfterMount) return <AuditSkeleton />;
  if (!audit.data) {
    const error = audit.error;
    // A mistyped id is refused as invalid (400); to the reader it is as missing as a 404.
    if (isApiError(error) && [400, 403, 404].includes(error.status)) {
      return (
        <>
          <PageHeader title={t`Audit`} />
          <Stack align="flex-start" maw={640}>
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
              {error.status === 403 ? text(error.message) : text(messages.auditNotFound)}
            </Alert>
            <Button
              component={Link}
              to={LIST_PATH}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              <Trans>Back to Audits</Trans>
            </Button>
          </Stack>
        </>
      );
    }
    return (
      <>
        <PageHeader title={t`Audit`} />
        <LoadError
          message={text(messages.auditLoadFailed)}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      </>
    );
  }

  const data = audit.data;
  return (
    <>
      <AuditHeader audit={data} />
      {data.status === 'completed' && <AuditReportButtons auditId={data.id} />}
      {/* Right after Submit: the manager on duty signs off on the auditor's phone (issue 33). */}
      <AuditSignOffSection audit={data} />
      <AuditEditor
        // A completed audit (or a reload) starts from the stored values.
        key={`${data.id}:${data.status}:${generation}`}
        audit={data}
        onReload={async () => {
          await audit.refetch();
          setGeneration((current) => current + 1);
        }}
      />
    </>
  );
}

function AuditHeader({ audit }: { audit: AuditDetail }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const date = formatDate(audit.auditedAt);
  const remove = useDeleteAudit({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t`Audit deleted` });
      void navigate(LIST_PATH);
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: text(messages.auditDeleteFailed),
        message: error.message === messages.auditDeleteFailed ? audit.restaurant.name : text(error.message),
      }),
  });
  const auditor = audit.auditor?.name ?? text(messages.deletedUser);
  const templates = audit.templateNames.join(', ') || t({ message: 'none', context: 'templates' });
  const restaurant = audit.restaurant.name;
  const subtitle = [date, t`Auditor: ${auditor}`, t`Templates: ${templates}`].join(' · ');

  return (
    <>
      <Button
        component={Link}
        to={LIST_PATH}
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        mb="xs"
        ml={-8}
      >
        <Trans>Back to Audits</Trans>
      </Button>
      <PageHeader
        title={audit.restaurant.name}
        subtitle={subtitle}
        actions={
          <Group gap="sm" wrap="nowrap">
            <ScoreBadge status={audit.status} score={audit.finalScore} size="xl" />
            {me.role === 'hq' && (
              <Button
                color="red.9"
                leftSection={<IconTrash size={18} aria-hidden />}
                loading={remove.isPending}
                onClick={() =>
                  confirmDelete({
                    title: text(messages.confirmDeletion),
                    message: `${t`Are you sure you want to delete the audit of ${restaurant} on ${date}?`} ${text(messages.cannotBeUndone)}`,
                    onConfirm: () => remove.mutate(audit.id),
                  })
                }
              >
                <Trans>Delete</Trans>
              </Button>
            )}
          </Group>
        }
      />
    </>
  );
}

function AuditSkeleton() {
  const { t } = useLingui();
  return (
    <Stack role="status" aria-busy="true" aria-label={t`Loading audit`}>
      <Skeleton height={32} width="50%" />
      <Skeleton height={16} width="70%" />
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder p="md">
          <Stack gap="sm">
            <Skeleton height={16} width="60%" />
            <Skeleton height={24} width="80%" />
            <Skeleton height={54} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
