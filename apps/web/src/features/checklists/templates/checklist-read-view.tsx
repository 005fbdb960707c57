import type { ChecklistItem } from '@brigade/core/checklist-items';
import type { Checklist } from '@brigade/core/schemas/checklists';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FORM_WIDTH } from './checklist-form';
import { KIND_LABELS } from './item-fields';
import { useWindowText } from './window-text';

/**
 * A chain template as a manager reads it: where it applies, whether it is locked, its
 * windows, and each item with its kind, its range and what to do when it fails.
 */
export function ChecklistReadView({ checklist }: { checklist: Checklist }) {
  const { t, i18n } = useLingui();
  const windowText = useWindowText();
  const count = checklist.restaurants.length;

  return (
    <Stack gap="md" maw={FORM_WIDTH}>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Group gap="xs">
            <Badge variant="light" color="indigo" c="indigo.9" tt="none">
              {checklist.allRestaurants
                ? t`Chain · all restaurants`
                : i18n._(
                    msg({ message: plural(count, { one: 'Chain · # restaurant', other: 'Chain · # restaurants' }) }),
                  )}
            </Badge>
            {checklist.locked && (
              <Badge variant="light" color="gray" c="dark.7" tt="none" leftSection={<IconLock size={12} aria-hidden />}>
                <Trans>Locked</Trans>
              </Badge>
            )}
            {!checklist.isActive && (
              <Badge variant="light" color="gray" c="dark.7" tt="none">
                <Trans>Inactive</Trans>
              </Badge>
            )}
          </Group>
          <Title order={2} fz="md">
            <Trans>Time windows</Trans>
          </Title>
          <List spacing={4} size="sm">
            {checklist.windows.map((window) => (
              <List.Item key={window.id}>{windowText(window)}</List.Item>
            ))}
          </List>
        </Stack>
      </Paper>
      {checklist.content.sections.map((section) => (
        <Paper key={section.id} withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={section.title}>
          <Title order={2} fz="md" mb="sm">
            {section.title}
          </Title>
          <Stack gap="sm" component="ol" m={0} pl="lg">
            {section.items.map((item) => (
              <ItemRead key={item.id} item={item} />
            ))}
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          component={Link}
          to="/checklist-templates"
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          <Trans>Back to Checklists</Trans>
        </Button>
      </Group>
    </Stack>
  );
}

function ItemRead({ item }: { item: ChecklistItem }) {
  const { i18n } = useLingui();
  const rules = useRuleLines(item);
  return (
    <li>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {item.label}
      </Text>
      <Text size="sm" c="gray.7">
        {[i18n._(KIND_LABELS[item.kind]), ...rules].join(' · ')}
      </Text>
      {item.failInstruction && (
        <Text size="sm">
          <Trans>When it fails: {item.failInstruction}</Trans>
        </Text>
      )}
    </li>
  );
}

/** What makes the item fail, and what a failure needs, in words (its own `t`, so the macro sees these texts). */
function useRuleLines(item: ChecklistItem): string[] {
  const { t } = useLingui();
  const lines: string[] = [];
  const unit = item.kind === 'temperature' ? '°C' : (item.unit ?? '');
  const { min, max } = item;
  if (min !== null && max !== null) lines.push(t`Allowed ${min}–${max} ${unit}`.trim());
  else if (min !== null) lines.push(t`At least ${min} ${unit}`.trim());
  else if (max !== null) lines.push(t`At most ${max} ${unit}`.trim());
  else if (item.kind === 'number' && unit) lines.push(unit);
  if (item.kind === 'choice') lines.push(item.choices.join(', '));
  if (item.failingChoices.length) {
    const failing = item.failingChoices.join(', ');
    lines.push(t`Fails on: ${failing}`);
  }
  if (item.kind === 'yesNo' && item.critical) lines.push(t`No is a failure`);
  if (item.failNeedsPhoto) lines.push(t`A failure needs a photo`);
  if (item.failNeedsNote) lines.push(t`A failure needs a note`);
  return lines;
}
