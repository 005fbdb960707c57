import { groupByTemplate } from '@brigade/core/audit-groups';
import { messages } from '@brigade/core/messages';
import { type AuditMark, MARK_LABELS, MARK_VALUES, type ScoreColour, scoreColour } from '@brigade/core/scoring';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { DownloadReportButton } from '../../components/download-report-button';
import { LoadError } from '../../components/load-error';
import { ScoreBadge } from '../../components/score-badge';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { type AuditReport, type AuditReportItem, type ReportAction, useAuditReport } from './api/get-audit-report';
import classes from './audit-report.module.css';

/** Filled colours with readable text, as the score badge uses them. */
const MARK_FILLS: Record<ScoreColour, string> = { red: 'red.9', yellow: 'yellow.4', green: '#277c38', gray: 'gray.7' };

const LEGEND: [ScoreColour, string, string][] = [
  ['red', 'var(--mantine-color-red-9)', 'below 50'],
  ['yellow', 'var(--mantine-color-yellow-4)', '50 to 74'],
  ['green', '#277c38', '75 and above'],
];

/**
 * /audits/{id}/report: a completed audit laid out to read and to print (issue 19). The
 * same content as the PDF: restaurant, date, auditor, templates, the score in its colour
 * with the legend, every item by template with mark, comment and photos, and the
 * corrective actions. Printing leaves out the app around it and the buttons, starts each
 * template on a new page and keeps the colours.
 */
export function AuditReportPage() {
  const { id = '' } = useParams();
  const report = useAuditReport(id);

  if (report.isPending) return <ReportSkeleton />;
  if (!report.data) {
    const error = report.error;
    if (isApiError(error) && [400, 403, 404].includes(error.status)) {
      return <Refusal id={id} message={error.status === 403 ? error.message : messages.auditNotFound} />;
    }
    return (
      <Stack>
        <Title order={1}>Audit Report</Title>
        <LoadError
          message={messages.auditReportLoadFailed}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      </Stack>
    );
  }
  if (report.data.status !== 'completed') {
    return <Refusal id={id} message={messages.auditReportNeedsCompleted} toAudit />;
  }
  return <AuditReportView audit={report.data} />;
}

function Refusal({ id, message, toAudit = false }: { id: string; message: string; toAudit?: boolean }) {
  return (
    <Stack align="flex-start" maw={640}>
      <Title order={1}>Audit Report</Title>
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
        {message}
      </Alert>
      <Button
        component={Link}
        to={toAudit ? `/audits/${encodeURIComponent(id)}` : '/audits-management'}
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {toAudit ? 'Back to Audit' : 'Back to Audits'}
      </Button>
    </Stack>
  );
}

/** The report of an audit already read (exported for its component test). */
export function AuditReportView({ audit }: { audit: AuditReport }) {
  const id = encodeURIComponent(audit.id);
  const date = formatDate(audit.auditedAt);
  const actions = audit.items.flatMap((item) => item.actions.map((action) => ({ item, action })));

  return (
    <article className={classes.report} aria-labelledby="report-title">
      <Group className={classes.toolbar} gap="sm" mb="lg">
        <Button
          component={Link}
          to={`/audits/${id}`}
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to Audit
        </Button>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
        <DownloadReportButton auditId={audit.id} />
      </Group>

      <Stack gap={6} mb="lg">
        <Text size="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: 1 }}>
          Audit report
        </Text>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} id="report-title" fz={{ base: 26, sm: 30 }} style={{ flex: '1 1 12rem' }}>
            {audit.restaurant.name}
          </Title>
          <ScoreBadge status={audit.status} score={audit.finalScore} prefix="Score: " size="xl" />
        </Group>
        <Text>
          <strong>Date:</strong> {date}
        </Text>
        <Text>
          <strong>Auditor:</strong> {audit.auditor?.name ?? messages.deletedUser}
        </Text>
        <Text>
          <strong>Templates:</strong> {audit.templateNames.join(', ') || 'none'}
        </Text>
        <Text size="sm" c="gray.7" className={classes.legend}>
          <span>Score colours:</span>
          {LEGEND.map(([colour, fill, label]) => (
            <span key={colour}>
              <span className={classes.swatch} style={{ background: fill }} aria-hidden />
              {colour} {label}
            </span>
          ))}
        </Text>
      </Stack>

      {groupByTemplate(audit.items).map((group) => (
        <section key={group.templateName} className={classes.template} aria-label={group.templateName}>
          <Title order={2} fz="lg" mt="md" pb={4} style={{ borderBottom: '2px solid var(--mantine-color-dark-7)' }}>
            {group.templateName}
          </Title>
          {group.items.map((item) => (
            <ReportItem key={item.id} item={item} />
          ))}
        </section>
      ))}

      <section aria-labelledby="report-actions">
        <Title
          order={2}
          id="report-actions"
          fz="lg"
          mt="xl"
          pb={4}
          style={{ borderBottom: '2px solid var(--mantine-color-dark-7)' }}
        >
          Corrective actions
        </Title>
        {actions.length === 0 ? (
          <Text c="gray.7" mt="sm">
            No corrective actions for this audit.
          </Text>
        ) : (
          actions.map(({ item, action }) => <ReportActionRow key={action.id} item={item} action={action} />)
        )}
      </section>
    </article>
  );
}

function ReportItem({ item }: { item: AuditReportItem }) {
  const colour = item.mark ? scoreColour(MARK_VALUES[item.mark as AuditMark]) : 'gray';
  return (
    <div className={classes.item}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={700}>{item.itemText}</Text>
        <Badge color={MARK_FILLS[colour]} autoContrast tt="none" style={{ flexShrink: 0 }}>
          {item.mark ? MARK_LABELS[item.mark] : 'Not assessed'}
        </Badge>
      </Group>
      <Text size="sm" c={item.comment ? undefined : 'gray.7'} mt={4}>
        {item.comment ? `Comment: ${item.comment}` : 'No comment.'}
      </Text>
      {item.photos.length > 0 && (
        <div className={classes.photos}>
          {item.photos.map((photo, index) => (
            <img
              key={photo.id}
              className={classes.photo}
              src={photo.thumbUrl}
              width={photo.width}
              height={photo.height}
              alt={`${item.itemText}, ${index + 1} of ${item.photos.length}`}
              loading="eager"
            />
          ))}
        </div>
      )}
    </div>
  );
}

function ReportActionRow({ item, action }: { item: AuditReportItem; action: ReportAction }) {
  const { overdue, owners } = action;
  return (
    <div className={classes.item}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={700}>{item.itemText}</Text>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {overdue && (
            <Badge color="red.9" tt="none">
              Overdue
            </Badge>
          )}
          <Badge color={action.status === 'resolved' ? '#277c38' : 'gray.2'} autoContrast tt="none">
            {action.status === 'resolved' ? 'Resolved' : 'Open'}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="gray.7" mt={4}>
        {item.templateName}
      </Text>
      <Text size="sm" c={overdue ? 'red.9' : undefined}>
        Due {formatDate(`${action.dueOn}T00:00:00`)}
        {' · '}Owners: {owners.join(', ') || 'none'}
      </Text>
      {action.resolutionNote && <Text size="sm">Resolution: {action.resolutionNote}</Text>}
    </div>
  );
}

function ReportSkeleton() {
  return (
    <Stack role="status" aria-busy="true" aria-label="Loading audit report">
      <Skeleton height={32} width="50%" />
      <Skeleton height={16} width="40%" />
      <Skeleton height={16} width="60%" />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={64} />
      ))}
    </Stack>
  );
}
