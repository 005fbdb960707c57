import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyListProps {
  title: string;
  description?: ReactNode;
  icon: ReactNode;
}

/** What a list shows when nothing matches: "No restaurants found", "No staff members found". */
export function EmptyList({ title, description, icon }: EmptyListProps) {
  return (
    <EmptyState py="xl" title={title} description={description} icon={icon} withIndicatorBackground role="status" />
  );
}
