import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons shown beside the title (Add ..., Back to Reports, ...). */
  actions?: ReactNode;
}

/**
 * A page's h1 and optional subtitle; every signed-in page starts with one. The actions
 * sit beside the title on wider screens and below the subtitle on a phone.
 */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <div className={classes.header}>
      <Title order={1} fz={{ base: 26, sm: 30 }} className={classes.title}>
        {title}
      </Title>
      {subtitle && (
        <Text c="gray.7" className={classes.subtitle}>
          {subtitle}
        </Text>
      )}
      {actions && <div className={classes.actions}>{actions}</div>}
    </div>
  );
}
