import type { ChecklistContent, ChecklistItem } from '@brigade/core/checklist-items';
import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A record's sections, each a heading over its numbered items; the fill and read screens draw the items. */
export function RunSections({
  content,
  children,
}: {
  content: ChecklistContent;
  children: (item: ChecklistItem) => ReactNode;
}) {
  return content.sections.map((section) => (
    <section key={section.id} aria-labelledby={`section-${section.id}`}>
      <Title order={2} fz="h3" mb="sm" id={`section-${section.id}`}>
        {section.title}
      </Title>
      <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {section.items.map((item) => children(item))}
      </Stack>
    </section>
  ));
}
