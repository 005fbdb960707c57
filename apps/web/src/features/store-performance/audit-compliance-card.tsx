import { scheduleMessages } from '@brigade/core/schedule-messages';
import type { AuditCompliance } from '@brigade/core/schemas/audit-schedules';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCoreText } from '../../lib/i18n';
import { ComplianceCard } from './compliance-card';

/**
 * Store Performance's audit compliance (issue 19): scheduled audits completed before
 * their period ended ÷ due audits whose period ended in the last 90 days; "—" and why
 * when none ended.
 */
export function AuditComplianceCard({ compliance }: { compliance: AuditCompliance }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const completed = compliance.completedOnTime;
  const due = compliance.due;
  return (
    <ComplianceCard
      heading={<Trans>Audit Compliance</Trans>}
      percent={compliance.percent}
      line={
        compliance.percent === null
          ? text(scheduleMessages.complianceNone)
          : t`${completed} of ${due} scheduled audits completed on time, last 90 days`
      }
    />
  );
}
