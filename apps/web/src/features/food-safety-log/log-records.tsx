import {
  type FoodSafetyLog,
  type FoodSafetyLogCorrection,
  type FoodSafetyLogEntry,
  type FoodSafetyLogRecord,
  signOffsOfDay,
} from '@brigade/core/schemas/food-safety-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ChecklistStateBadge } from '../../components/checklist-state-badge';
import classes from './food-safety-log.module.css';
import { longDay, restaurantMoment, useLogValueText } from './log-format';

/** The log's records day by day: each day a section with its own sign-off, each record a card. */
export function LogRecords({ log }: { log: FoodSafetyLog }) {
  const days: { day: string; records: FoodSafetyLogRecord[] }[] = [];
  for (const record of log.records) {
    const last = days.at(-1);
    if (last?.day === record.day) last.records.push(record);
    else days.push({ day: record.day, records: [record] });
  }
  return (
    <Stack gap="xl">
      {days.map(({ day, records }) => (
        <LogDay key={day} log={log} day={day} records={records} />
      ))}
    </Stack>
  );
}

function LogDay({ log, day, records }: { log: FoodSafetyLog; day: string; records: FoodSafetyLogRecord[] }) {
  const zone = log.restaurant.timeZone;
  // A day's sign-off under its heading in a week or a month; the day's own page says it once, above.
  const signOffs =
    log.period === 'day' ? [] : signOffsOfDay(log.signOffs, day).filter((signOff) => signOff.period === 'day');
  return (
    <section aria-labelledby={`day-${day}`} className={classes.day}>
      <Title order={2} fz="h3" id={`day-${day}`} className={classes.dayTitle}>
        {longDay(day)}
      </Title>
      {signOffs.map((signOff) => {
        const name = signOff.signedBy;
        const at = restaurantMoment(signOff.signedAt, zone);
        return (
          <Text key={signOff.startsOn} size="sm" c="gray.7" mt={4}>
            <Trans>
              Signed off by {name} at {at}
            </Trans>
          </Text>
        );
      })}
      <Stack gap="sm" mt="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
        {records.map((record) => (
          <LogRecord key={record.id} record={record} timeZone={zone} />
        ))}
      </Stack>
    </section>
  );
}

function LogRecord({ record, timeZone }: { record: FoodSafetyLogRecord; timeZone: string }) {
  const { t } = useLingui();
  const title = `${record.checklist.name} · ${record.start}–${record.end}`;
  const submitter = record.submittedBy?.name ?? t`Deleted user`;
  const submittedAt = record.submittedAt ? restaurantMoment(record.submittedAt, timeZone) : '';
  return (
    <Paper component="li" withBorder p="md" className={classes.record} aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Title order={3} fz="md" style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/checklists/${record.id}`} c="inherit" underline="hover">
            {title}
          </Anchor>
        </Title>
        <ChecklistStateBadge state={record.state} />
      </Group>
      <Text size="sm" c="gray.7" mt={2}>
        {record.submittedAt ? (
          <Trans>
            Submitted by {submitter} at {submittedAt}
          </Trans>
        ) : (
          <Trans>Nothing submitted</Trans>
        )}
      </Text>
      {record.entries.length === 0 ? (
        <Text size="sm" c="gray.7" mt="xs">
          <Trans>No values entered.</Trans>
        </Text>
      ) : (
        <ul className={classes.entries}>
          {record.entries.map((entry) => (
            <LogEntry key={entry.itemId} record={record} entry={entry} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </Paper>
  );
}

function LogEntry({
  record,
  entry,
  timeZone,
}: {
  record: FoodSafetyLogRecord;
  entry: FoodSafetyLogEntry;
  timeZone: string;
}) {
  const { t } = useLingui();
  const valueText = useLogValueText();
  const corrected = entry.corrections.length > 0;
  const label = entry.label;
  const who = entry.enteredBy?.name ?? t`Deleted user`;
  const when = entry.receivedAt ? restaurantMoment(entry.receivedAt, timeZone, record.day) : '';
  return (
    <li className={classes.entry} data-failed={entry.failed || undefined}>
      <div className={classes.entryRow}>
        <Text size="sm" className={classes.entryLabel}>
          {label}
        </Text>
        <Text
          size="sm"
          fw={corrected ? 400 : 700}
          c={corrected ? 'gray.7' : entry.failed ? 'red.9' : undefined}
          className={classes.entryValue}
        >
          {corrected ? (
            <>
              <VisuallyHidden>
                <Trans>Original value:</Trans>
              </VisuallyHidden>
              <s>{valueText(entry, entry.value)}</s>
            </>
          ) : (
            valueText(entry, entry.value)
          )}
        </Text>
        {entry.receivedAt && (
          <Text size="xs" c="gray.7" className={classes.entryWho}>
            <Trans>
              {who}, {when}
            </Trans>
          </Text>
        )}
      </div>
      {entry.note && (
        <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Trans>Note: {entry.note}</Trans>
        </Text>
      )}
      {(entry.failed || entry.action) && (
        <Group gap="xs" mt={4} wrap="wrap">
          {entry.failed && (
            <Badge color="red.9" variant="filled" tt="none" leftSection={<IconAlertTriangle size={14} aria-hidden />}>
              <Trans>Failed</Trans>
            </Badge>
          )}
          {entry.action && (
            <Anchor component={Link} to={`/actions/${entry.action.id}`} size="sm" fw={600}>
              {entry.action.status === 'open' ? (
                <Trans>Corrective action (open)</Trans>
              ) : (
                <Trans>Corrective action (resolved)</Trans>
              )}
            </Anchor>
          )}
        </Group>
      )}
      {corrected && (
        <ul className={classes.corrections} aria-label={t`Corrections of ${label}`}>
          {entry.corrections.map((correction, index) => (
            <LogCorrection
              key={correction.id}
              entry={entry}
              correction={correction}
              superseded={index < entry.corrections.length - 1}
              at={restaurantMoment(correction.correctedAt, timeZone, record.day)}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

function LogCorrection({
  entry,
  correction,
  superseded,
  at,
}: {
  entry: FoodSafetyLogEntry;
  correction: FoodSafetyLogCorrection;
  superseded: boolean;
  at: string;
}) {
  const { t } = useLingui();
  const valueText = useLogValueText();
  const value = valueText(entry, correction.value);
  const who = correction.correctedBy?.name ?? t`Deleted user`;
  const reason = correction.reason;
  return (
    <Text component="li" size="sm" c={superseded ? 'gray.7' : undefined} style={{ overflowWrap: 'anywhere' }}>
      {superseded && <VisuallyHidden>{t`Earlier correction:`}</VisuallyHidden>}
      {superseded ? (
        <s>{value}</s>
      ) : (
        <Text span inherit fw={700} c={correction.failed ? 'red.9' : undefined}>{t`Corrected to ${value}`}</Text>
      )}{' '}
      <Trans>
        by {who} at {at}. Reason: {reason}
      </Trans>
    </Text>
  );
}
