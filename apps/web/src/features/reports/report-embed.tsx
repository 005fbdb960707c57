import type { EmbedToken, ReportKey } from '@brigade/core/schemas/reports';
import { useLingui } from '@lingui/react';
import { Alert, Box } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { useCoreText } from '../../lib/i18n';
import { fetchReportToken, useReportToken } from './api/get-report-token';
import { useReportsStatus } from './api/get-reports-status';
import { EmbedErrorBoundary } from './embed-error-boundary';
import { EmbedProblem, ProblemLine } from './embed-problem';
import { EmbeddedReport, ReportLoading } from './embedded-report';
import { attemptLine, reportMessages } from './report-messages';

/** The embed's default height (px) where a page does not ask for another (reports §9). */
export const DEFAULT_REPORT_HEIGHT = 600;

interface ReportEmbedProps {
  reportKey: ReportKey;
  /** Required by the restaurant reports (sales, product-mix, operations). */
  restaurantId?: string;
  /** The report's name for assistive technology: the region's and the frame's name. */
  label: string;
  height?: number;
}

/**
 * An embedded Power BI report (reports §2 "Report embed display", §4 "Report embed"):
 * loading, then displayed or an error with Retry. Another report or restaurant starts
 * over from attempt 1.
 */
export function ReportEmbed(props: ReportEmbedProps) {
  return <ReportEmbedAttempts key={`${props.reportKey}|${props.restaurantId ?? ''}`} {...props} />;
}

function ReportEmbedAttempts({ reportKey, restaurantId, label, height = DEFAULT_REPORT_HEIGHT }: ReportEmbedProps) {
  const { i18n } = useLingui();
  const { text } = useCoreText();
  const [attempt, setAttempt] = useState(1);
  const status = useReportsStatus();
  const notConfigured = status.data?.configured === false;
  const token = useReportToken(reportKey, restaurantId, attempt, !notConfigured);
  const retry = useCallback(() => setAttempt((previous) => previous + 1), []);
  const fetchToken = useCallback(async (): Promise<EmbedToken> => {
    const next = await fetchReportToken(reportKey, restaurantId);
    if (!next) throw new Error(i18n._(reportMessages.noEmbedConfig));
    return next;
  }, [reportKey, restaurantId, i18n]);

  let content: ReactNode;
  if (notConfigured) {
    content = (
      <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
        {status.data?.message && text(status.data.message)}
      </Alert>
    );
  } else if (token.isPending) {
    content = (
      <Box h={height}>
        <ReportLoading />
      </Box>
    );
  } else if (token.isError) {
    content = (
      <EmbedProblem title={i18n._(reportMessages.loadFailed)} onRetry={retry}>
        <ProblemLine>{text(token.error.message)}</ProblemLine>
        <ProblemLine>{attemptLine(attempt)}</ProblemLine>
      </EmbedProblem>
    );
  } else if (!token.data) {
    content = (
      <EmbedProblem title={i18n._(reportMessages.noEmbedConfig)} onRetry={retry}>
        <ProblemLine>{attemptLine(attempt)}</ProblemLine>
      </EmbedProblem>
    );
  } else {
    content = (
      <EmbedErrorBoundary key={attempt} onRetry={retry}>
        <EmbeddedReport
          key={attempt}
          token={token.data}
          label={label}
          height={height}
          fetchToken={fetchToken}
          onRetry={retry}
        />
      </EmbedErrorBoundary>
    );
  }

  return (
    <Box component="section" aria-label={label} w="100%">
      {content}
    </Box>
  );
}
