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
  return (
    <Button
      component={Link}
      to={`/audits/${encodeURIComponent(audit.id)}`}
      variant="light"
      size="xs"
      leftSection={<IconEye size={16} aria-hidden />}
      aria-label={
        audit.restaurant
          ? `View audit of ${audit.restaurant.name} on ${formatDate(audit.auditedAt)}`
          : `View audit of ${formatDate(audit.auditedAt)}`
      }
    >
      View
    </Button>
  );
}
