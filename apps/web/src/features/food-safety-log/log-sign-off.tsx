import type { FoodSafetyLog, SignOffPeriod } from '@brigade/core/schemas/food-safety-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconSignature } from '@tabler/icons-react';
import { isApiError } from '../../lib/api-client';
import { useCoreText } from '../../lib/i18n';
import { useSignOffLog } from './api/sign-off-log';
import { restaurantMoment, usePeriodLabel } from './log-format';

/**
 * A day's or a week's sign-off: "Signed off by … at …" once signed; before, "Sign off
 * this day" (or week) with a confirmation, once the period has begun in the restaurant.
 * A month is signed off by its days or weeks.
 */
export function LogSignOff({ log }: { log: FoodSafetyLog }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const periodLabel = usePeriodLabel();
  const signOff = useSignOffLog();
  if (log.period === 'month') return null;
  const period: SignOffPeriod = log.period;
  const signed = log.signOffs.find((each) => each.period === period && each.startsOn === log.start);
  if (signed) {
    const name = signed.signedBy;
    const at = restaurantMoment(signed.signedAt, log.restaurant.timeZone);
    return (
      <Text fw={600} role="status">
        {period === 'day' ? (
          <Trans>
            This day was signed off by {name} at {at}
          </Trans>
        ) : (
          <Trans>
            This week was signed off by {name} at {at}
          </Trans>
        )}
      </Text>
    );
  }
  const begun = log.start <= log.today;
  const what = periodLabel(log.period, log.start, log.end);
  const restaurant = log.restaurant.name;
  const confirm = () =>
    modals.openConfirmModal({
      title: period === 'day' ? t`Sign off this day?` : t`Sign off this week?`,
      centered: true,
      closeButtonProps: { 'aria-label': t`Close` },
      children: (
        <Text size="sm">
          <Trans>
            You confirm the food-safety log of {restaurant} for {what}. Your name and the time are added to the log, its
            PDF and its CSV; a sign-off cannot be undone.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Sign off`, cancel: t`Cancel` },
      cancelProps: { variant: 'default' },
      onConfirm: () => signOff.mutate({ restaurantId: log.restaurant.id, period, startsOn: log.start }),
    });
  const error = signOff.error;
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Button
        leftSection={<IconSignature size={18} aria-hidden />}
        onClick={confirm}
        loading={signOff.isPending}
        disabled={!begun}
      >
        {period === 'day' ? <Trans>Sign off this day</Trans> : <Trans>Sign off this week</Trans>}
      </Button>
      {!begun && (
        <Text size="sm" c="gray.7">
          <Trans>It can be signed off once it has begun.</Trans>
        </Text>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" w="100%">
          {isApiError(error) ? text(error.message) : t`The sign-off could not be saved. Please try again.`}
        </Alert>
      )}
    </Group>
  );
}
