import { groupByTemplate } from '@brigade/core/audit-groups';
import { messages } from '@brigade/core/messages';
import { localDay } from '@brigade/core/restaurant-time';
import { type AuditMark, MARK_LABELS, MARK_VALUES, type ScoreColour, scoreColour } from '@brigade/core/scoring';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AuditSignOffSection } from '../../components/audit-sign-off';
import { DownloadReportButton } from '../../components/download-report-button';
import { LoadError } from '../../components/load-error';
import { ScoreBadge } from '../../components/score-badge';
import { isApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { type AuditReport, type AuditReportItem, type ReportAction, useAuditReport } from './api/get-audit-report';
import classes from './audit-report.module.css';

/** Filled colours with readable text, as the score badge uses them. */
const MARK_FILLS: Record<ScoreColour, string> = { red: 'red.9', yellow: 'yellow.4', green: '#277c38', gray: 'gray.7' };

/** Each colour's swatch, and its name with the scores it stands for. */
const LEGEND: [ScoreColour, string, MessageDescriptor][] = [
  ['red', 'var(--mantine-color-red-9)', msg`red below 50`],
  ['yellow', 'var(--mantine-color-yellow-4)', msg`yellow 50 to 74`],
  ['green', '#277c38', msg`green 75 and above`],
];

/** A route title of core's: shown through `useCoreText`. */
const PAGE_TITLE = 'Audit Report';

/**
 * /audits/{id}/report: a completed audit laid out to read and to print (issue 19). The
 * same content as the PDF: restaurant, date, auditor, templates, the score in its colour
 * with the legend, every item by template with mark, comment and photos, and the
 * corrective actions. Printing leaves out the app around it and the buttons, starts each
 * template on a new page and keeps the colours.
 */
export function AuditReportPage() {
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const report = useAuditReport(id);

  if (report.isPending) return <ReportSkeleton />;
  if (!report.data) {
    const error = report.error;
    if (isApiError(error) && [400, 403, 404].includes(error.status)) {
      return <Refusal id={id} message={text(error.status === 403 ? error.message : messages.auditNotFound)} />;
    }
    return (
      <Stack>
        <Title order={1}>{text(PAGE_TITLE)}</Title>
        <LoadError
          message={text(messages.auditReportLoadFailed)}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      </Stack>
    );
  }
  if (report.data.status !== 'completed') {
    return <Refusal id={id} message={text(messages.auditReportNeedsCompleted)} toAudit />;
  }
  return <AuditReportView audit={report.data} />;
}

function Refusal({ id, message, toAudit = false }: { id: string; message: string; toAudit?: boolean }) {
  const { text } = useCoreText();
  return (
    <Stack align="flex-start" maw={640}>
      <Title order={1}>{text(PAGE_TITLE)}</Title>
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
        {message}
      </Alert>
      <Button
        component={Link}
        to={toAudit ? `/audits/${encodeURIComponent(id)}` : '/audits-management'}
        variant="default"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        {toAudit ? <Trans>Back to Audit</Trans> : <Trans>Back to Audits</Trans>}
      </Button>
    </Stack>
  );
}

/** The report of an audit already read (exported for its component test). */
export function AuditReportView({ audit }: { audit: AuditReport }) {
  const { i18n, t } = useLingui();
  const { text } = useCoreText();
  const id = encodeURIComponent(audit.id);
  // The restaurant's day, as the PDF prints it (issue 33).
  const date = formatDate(localDay(new Date(audit.auditedAt), audit.restaurant.timeZone));
  const auditor = audit.auditor?.name ?? text(messages.deletedUser);
  const templates = audit.templateNames.join(', ') || t({ message: 'none', context: 'templates' });
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
          <Trans>Back to Audit</Trans>
        </Button>
        <Button leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
        <DownloadReportButton auditId={audit.id} />
      </Group>

      <Stack gap={6} mb="lg">
        <Text size="xs" fw={700} c="gray.7" tt="uppercase" style={{ letterSpacing: 1 }}>
          <Trans>Audit report</Trans>
        </Text>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} id="report-title" fz={{ base: 26, sm: 30 }} style={{ flex: '1 1 12rem' }}>
            {audit.restaurant.name}
          </Title>
          <ScoreBadge status={audit.status} score={audit.finalScore} prefix={`${t`Score:`} `} size="xl" />
        </Group>
        <Text>
          <Trans>
            <strong>Date:</strong> {date}
          </Trans>
        </Text>
        <Text>
          <Trans>
            <strong>Auditor:</strong> {auditor}
          </Trans>
        </Text>
        <Text>
          <Trans>
            <strong>Templates:</strong> {templates}
          </Trans>
        </Text>
        <Text size="sm" c="gray.7" className={classes.legend}>
          <span>
            <Trans>Score colours:</Trans>
          </span>
          {LEGEND.map(([colour, fill, label]) => (
            <span key={colour}>
              <span className={classes.swatch} style={{ background: fill }} aria-hidden />
              {i18n._(label)}
            </span>
          ))}
        </Text>
      </Stack>

      {/* "Signed off by … at …" in print too; the sign-off forms are the screen's alone. */}
      <AuditSignOffSection audit={audit} formClassName={classes.toolbar} />

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
          <Trans>Corrective actions</Trans>
        </Title>
        {actions.length === 0 ? (
          <Text c="gray.7" mt="sm">
            <Trans>No corrective actions for this audit.</Trans>
          </Text>
        ) : (
          actions.map(({ item, action }) => <ReportActionRow key={action.id} item={item} action={action} />)
        )}
      </section>
    </article>
  );
}

/** The side of the square each photo is drawn in, on screen and on paper (CSS `.photoBox`). */
const PHOTO_BOX = 130;

/**
 * A photo's size inside the square, its shape kept: known from the API's width and height
 * before the image arrives, so nothing moves as photos load and the printed page is laid
 * out right. (The thumbnail in a 130-pixel-wide cell at its full height printed tall
 * cropped strips, issue 31.)
 */
function fitInBox(width: number, height: number) {
  if (width <= 0 || height <= 0) return { width: PHOTO_BOX, height: PHOTO_BOX };
  const scale = PHOTO_BOX / Math.max(width, height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function ReportItem({ item }: { item: AuditReportItem }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { itemText, comment } = item;
  const count = item.photos.length;
  const colour = item.mark ? scoreColour(MARK_VALUES[item.mark as AuditMark]) : 'gray';
  return (
    <div className={classes.item}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={700}>{item.itemText}</Text>
        <Badge color={MARK_FILLS[colour]} autoContrast tt="none" style={{ flexShrink: 0 }}>
          {item.mark ? text(MARK_LABELS[item.mark]) : t`Not assessed`}
        </Badge>
      </Group>
      <Text size="sm" c={item.comment ? undefined : 'gray.7'} mt={4}>
        {comment ? t`Comment: ${comment}` : t`No comment.`}
      </Text>
      {item.photos.length > 0 && (
        <div className={classes.photos}>
          {item.photos.map((photo, index) => {
            const number = index + 1;
            const size = fitInBox(photo.width, photo.height);
            return (
              <div key={photo.id} className={classes.photoBox}>
                <img
                  className={classes.photo}
                  src={photo.thumbUrl}
                  width={size.width}
                  height={size.height}
                  alt={t`${itemText}, ${number} of ${count}`}
                  loading="eager"
                />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

function ReportActionRow({ item, action }: { item: AuditReportItem; action: ReportAction }) {
  const { t } = useLingui();
  const { overdue, resolutionNote } = action;
  const due = formatDate(`${action.dueOn}T00:00:00`);
  const owners = action.owners.join(', ') || t({ message: 'none', context: 'owners' });
  return (
    <div className={classes.item}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={700}>{item.itemText}</Text>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {overdue && (
            <Badge color="red.9" tt="none">
              <Trans>Overdue</Trans>
            </Badge>
          )}
          <Badge color={action.status === 'resolved' ? '#277c38' : 'gray.2'} autoContrast tt="none">
            {action.status === 'resolved'
              ? t({ message: 'Resolved', context: 'corrective actions' })
              : t({ message: 'Open', context: 'corrective actions' })}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="gray.7" mt={4}>
        {item.templateName}
      </Text>
      <Text size="sm" c={overdue ? 'red.9' : undefined}>
        <Trans>
          Due {due} · Owners: {owners}
        </Trans>
      </Text>
      {resolutionNote && (
        <Text size="sm">
          <Trans>Resolution: {resolutionNote}</Trans>
        </Text>
      )}
    </div>
  );
}

function ReportSkeleton() {
  const { t } = useLingui();
  return (
    <Stack role="status" aria-busy="true" aria-label={t`Loading audit report`}>
      <Skeleton height={32} width="50%" />
      <Skeleton height={16} width="40%" />
      <Skeleton height={16} width="60%" />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={64} />
      ))}
    </Stack>
  );
}
