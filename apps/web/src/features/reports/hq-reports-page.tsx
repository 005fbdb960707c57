import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { navIconFor } from '../../lib/nav-icons';
import classes from './hq-reports-page.module.css';
import { hqReportCards } from './report-catalogue';

/** /hq-reports (hq): the four report cards, each a link to its report page. */
export function HqReportsPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`HQ Reports`} subtitle={t`Take an informed decision at a glance.`} />
      <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {hqReportCards.map((card) => (
          <li key={card.path}>
            <ReportCard {...card} />
          </li>
        ))}
      </SimpleGrid>
    </>
  );
}

function ReportCard({
  title,
  description,
  path,
}: {
  title: MessageDescriptor;
  description: MessageDescriptor;
  path: string;
}) {
  const { i18n } = useLingui();
  const descriptionId = useId();
  const Icon = navIconFor(path);
  // The title is the link, stretched over the card: its name is the words it shows (a
  // voice control user says them; axe label-content-name-mismatch), the text below describes it.
  return (
    <Card className={classes.card} withBorder shadow="xs" padding="lg" h="100%">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
          <Icon size={28} stroke={1.75} />
        </ThemeIcon>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="lg">
            <Link to={path} className={classes.link} aria-describedby={descriptionId}>
              {i18n._(title)}
            </Link>
          </Title>
          <Text c="gray.7" mt={4} id={descriptionId}>
            {i18n._(description)}
          </Text>
        </div>
        <IconChevronRight size={20} aria-hidden style={{ alignSelf: 'center', flexShrink: 0 }} />
      </Group>
    </Card>
  );
}
