import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { AuditCompliance } from '@brigade/core/schemas/audit-schedules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useCoreText } from '../../lib/i18n';

/** Green from 90 %, yellow from 70 %, red below. */
function colourOf(percent: number) {
  if (percent >= 90) return 'green.8';
  return percent >= 70 ? 'yellow.8' : 'red.8';
}

/**
 * Store Performance's audit compliance (issue 19): scheduled audits completed before
 * their period ended ÷ due audits whose period ended in the last 90 days; "—" and why
 * when none ended.
 */
export function AuditComplianceCard({ compliance }: { compliance: AuditCompliance }) {
  const headingId = useId();
  const { t } = useLingui();
  const { text } = useCoreText();
  const completed = compliance.completedOnTime;
  const due = compliance.due;
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Title order={2} fz="lg" id={headingId}>
          <Trans>Audit Compliance</Trans>
        </Title>
        <Text fz={32} fw={700} c={compliance.percent === null ? 'gray.7' : colourOf(compliance.percent)}>
          {compliance.percent === null ? '—' : `${compliance.percent}%`}
        </Text>
        <Text size="sm" c="gray.7">
          {compliance.percent === null
            ? text(scheduleMessages.complianceNone)
            : t`${completed} of ${due} scheduled audits completed on time, last 90 days`}
        </Text>
      </Stack>
    </Paper>
  );
}
