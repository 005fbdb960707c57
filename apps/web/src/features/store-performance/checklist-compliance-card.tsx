import type { ChecklistCompliance } from '@brigade/core/schemas/checklist-counts';
import { Trans, useLingui } from '@lingui/react/macro';
import { ComplianceCard } from './compliance-card';

/**
 * Store Performance's checklist compliance (issue 33): records submitted on time ÷ records
 * due (on time, late or missed) over the restaurant's last 30 local days, shown as the
 * audit compliance is; "—" and "No checklists yet" when none was due.
 */
export function ChecklistComplianceCard({ compliance }: { compliance: ChecklistCompliance }) {
  const { t } = useLingui();
  const { onTime, due, late, missed } = compliance;
  return (
    <ComplianceCard
      heading={<Trans>Checklist Compliance</Trans>}
      percent={compliance.percent}
      line={
        compliance.percent === null
          ? t`No checklists yet`
          : t`${onTime} of ${due} checklists done on time, last 30 days (${late} late, ${missed} missed)`
      }
    />
  );
}
