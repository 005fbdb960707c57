import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../lib/format-date';

interface AuditRef {
  id: string;
  /** Left out where the whole list is one restaurant's (store performance). */
  restaurant?: { name: string };
  auditedAt: string;
}

/** A list row's "View" link to one audit, named for screen readers by restaurant (if any) and date. */
export function ViewAuditButton({ audit }: { audit: AuditRef }) {
  const { t } = useLingui();
  const restaurant = audit.restaurant?.name;
  const date = formatDate(audit.auditedAt);
  return (
    <Button
      component={Link}
      to={`/audits/${encodeURIComponent(audit.id)}`}
      variant="light"
      size="xs"
      leftSection={<IconEye size={16} aria-hidden />}
      aria-label={audit.restaurant ? t`View audit of ${restaurant} on ${date}` : t`View audit of ${date}`}
    >
      <Trans>View</Trans>
    </Button>
  );
}
