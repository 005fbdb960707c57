import { actionMessages } from '@brigade/core/messages';
import type { ActionDetail, ActionEvent } from '@brigade/core/schemas/corrective-actions';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { OutboxItemStatus } from '../../components/outbox/outbox-item-status';
import { PageHeader } from '../../components/page-header';
import { PhotoGallery } from '../../components/photos/photo-gallery';
import { WaitingPhotos } from '../../components/photos/waiting-photos';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate, formatDateTime } from '../../lib/format-date';
import { useCoreText } from '../../lib/i18n';
import { useOutboxFor } from '../../lib/offline/use-outbox';
import { ActionStatusBadges, useMarkLabel } from './action-badges';
import { ChangeDueForm, ReassignForm, ReopenForm, ResolveForm } from './action-forms';
import { actionQueryKey, useAction } from './api/get-action';
import { actionSubject } from './api/resolve-action';

const LIST_PATH = '/actions';

/**
 * /actions/{id}: the finding (restaurant, audit, item, mark, comment, evidence), who
 * answers for it and by when, its history, and what the reader may do with it: resolve
 * (its restaurant's managers, hq), reopen, reassign and move the due date (hq).
 */
export function ActionPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const action = useAction(id);
  if (action.isPending) return <ActionSkeleton />;
  if (!action.data) {
    const error = action.error;
    if (isApiError(error) && [400, 403, 404].includes(error.status)) {
      return (
        <>
          <PageHeader title={t`Corrective Action`} />
          <Stack align="flex-start" maw={640}>
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} w="100%" role="alert">
              {text(error.status === 403 ? error.message : actionMessages.notFound)}
            </Alert>
            <BackToList />
          </Stack>
        </>
      );
    }
    return (
      <>
        <PageHeader title={t`Corrective Action`} />
        <LoadError
          message={text(actionMessages.loadOneFailed)}
          onRetry={() => void action.refetch()}
          retrying={action.isFetching}
        />
      </>
    );
  }
  return <ActionView action={action.data} />;
}

function BackToList() {
  return (
    <Button component={Link} to={LIST_PATH} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      <Trans>Back to Actions</Trans>
    </Button>
  );
}

function ActionView({ action }: { action: ActionDetail }) {
  const { i18n, t } = useLingui();
  const markLabel = useMarkLabel();
  const auditDate = action.audit ? formatDate(action.audit.auditedAt) : '';
  const itemText = action.itemText;
  const me = useCurrentUser();
  const isHq = me.role === 'hq';
  const mayResolve = isHq || (me.role === 'manager' && me.restaurants.some((r) => r.id === action.restaurant.id));
  const outbox = useOutboxFor(actionSubject(action.id)).filter((item) => item.state !== 'sent');
  const waitingResolve = outbox.find((item) => item.kind === 'actionResolve');
  const refusedPhotos = outbox.filter((item) => item.kind === 'actionPhoto' && item.state !== 'waiting');
  const showForm = action.status === 'open' && mayResolve;
  useRefreshOnRefusal(action.id, outbox);
  const resolvedBy = action.resolution?.resolvedBy ?? t`Deleted user`;
  const resolvedAt = action.resolution ? formatDateTime(action.resolution.resolvedAt) : '';
  return (
    <>
      <PageHeader
        title={action.itemText}
        subtitle={`${action.restaurant.name} · ${action.templateName}`}
        actions={me.role === 'staff' ? undefined : <BackToList />}
      />
      <Stack gap="md" maw={900}>
        <Paper withBorder p="md" component="section" aria-labelledby="action-finding">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4" id="action-finding">
                <Trans>Finding</Trans>
              </Title>
              <ActionStatusBadges status={action.status} overdue={action.overdue} />
            </Group>
            <Fact label={t`Restaurant`}>{action.restaurant.name}</Fact>
            {action.sensorExcursionId ? (
              // An excursion's action (issue 37): its curve of readings instead of an audit.
              <Fact label={t`Temperature sensor`}>
                <Anchor component={Link} to={`/sensors/excursions/${action.sensorExcursionId}`}>
                  <Trans>Readings during the excursion</Trans>
                </Anchor>
              </Fact>
            ) : (
              <Fact label={t`Audit`}>
                {action.audit ? (
                  <Anchor component={Link} to={`/audits/${action.audit.id}`}>
                    <Trans>Audit of {auditDate}</Trans>
                  </Anchor>
                ) : (
                  t({ message: 'Deleted', context: 'audit' })
                )}
              </Fact>
            )}
            <Fact label={t`Template`}>{action.templateName}</Fact>
            <Fact label={t`Mark`}>{markLabel(action.mark)}</Fact>
            {action.comment && <Fact label={t`Comment`}>{action.comment}</Fact>}
            <Fact label={t`Due`}>
              <Text span c={action.overdue ? 'red.9' : undefined} fw={action.overdue ? 600 : undefined}>
                {formatDate(action.dueOn)}
              </Text>
            </Fact>
            <Fact label={t`Owners`}>
              {action.owners.length ? action.owners.map((owner) => owner.name).join(', ') : t`No owner`}
            </Fact>
            {action.evidencePhotos.length > 0 && (
              <Photos title={t`Evidence`} photos={action.evidencePhotos} label={action.itemText} />
            )}
          </Stack>
        </Paper>

        {action.resolution && (
          <Paper withBorder p="md" component="section" aria-labelledby="action-resolution">
            <Stack gap="xs">
              <Title order={2} size="h4" id="action-resolution">
                <Trans>Resolution</Trans>
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{action.resolution.note}</Text>
              <Text size="sm" c="gray.7">
                {action.resolution.resolvedBy ?? t`Deleted user`} · {formatDate(action.resolution.resolvedAt)}
              </Text>
              {action.fixPhotos.length > 0 && (
                <Photos title={t`Fix photos`} photos={action.fixPhotos} label={t`Fix of ${itemText}`} />
              )}
            </Stack>
          </Paper>
        )}

        {showForm && <ResolveForm key={`resolve-${action.version}`} action={action} waiting={waitingResolve} />}
        {!showForm && waitingResolve && (
          <OutboxItemStatus
            item={waitingResolve}
            what={t`Your resolution`}
            conflictMessage={
              action.resolution ? t`Resolved by ${resolvedBy} on ${resolvedAt} while you were offline.` : undefined
            }
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {(waitingResolve.body as { note?: string } | undefined)?.note}
            </Text>
          </OutboxItemStatus>
        )}
        {!showForm && <WaitingPhotos items={refusedPhotos} label={t`Fix of ${itemText}`} />}
        {action.status === 'resolved' && isHq && <ReopenForm key={`reopen-${action.version}`} action={action} />}
        {isHq && (
          // Each form starts again from the action as saved; the keys differ between siblings,
          // or React keeps the old card beside the new one (a second "Owners" after a save).
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <ReassignForm key={`owners-${action.version}`} action={action} />
            <ChangeDueForm key={`due-${action.version}`} action={action} />
          </SimpleGrid>
        )}

        {action.earlierFixPhotos.length > 0 && (
          <Paper withBorder p="md" component="section" aria-labelledby="earlier-fixes">
            <Title order={2} size="h4" id="earlier-fixes" mb="sm">
              <Trans>Photos of earlier fixes</Trans>
            </Title>
            <PhotoGallery photos={action.earlierFixPhotos} label={t`Earlier fix of ${itemText}`} />
          </Paper>
        )}

        <Paper withBorder p="md" component="section" aria-labelledby="action-history">
          <Title order={2} size="h4" id="action-history" mb="sm">
            <Trans>History</Trans>
          </Title>
          <Timeline bulletSize={14} lineWidth={2} active={action.events.length - 1}>
            {action.events.map((event) => (
              <Timeline.Item key={event.id} title={i18n._(EVENT_TITLES[event.kind])}>
                {event.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {event.note}
                  </Text>
                )}
                {event.detail && (
                  <Text size="sm">
                    {event.kind === 'due_changed'
                      ? `${formatDate(event.detail.from)} → ${formatDate(event.detail.to)}`
                      : `${event.detail.from} → ${event.detail.to}`}
                  </Text>
                )}
                <Text size="xs" c="gray.7">
                  {event.actorName} · {formatDateTime(event.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Paper>
      </Stack>
    </>
  );
}

/**
 * A change of this action the server refused (someone resolved it meanwhile, or it was
 * not found) shows beside the action as it now is: fetched again once.
 */
function useRefreshOnRefusal(id: string, items: ReturnType<typeof useOutboxFor>) {
  const queryClient = useQueryClient();
  const refused = items
    .filter((item) => item.state === 'conflict' || item.state === 'failed')
    .map((item) => item.id)
    .join(',');
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: actionQueryKey(id) });
  }, [refused, id, queryClient]);
}

const EVENT_TITLES: Record<ActionEvent['kind'], MessageDescriptor> = {
  created: msg({ message: 'Created', context: 'corrective action history' }),
  resolved: msg({ message: 'Resolved', context: 'corrective action history' }),
  reopened: msg({ message: 'Reopened', context: 'corrective action history' }),
  reassigned: msg`Owners changed`,
  due_changed: msg`Due date changed`,
  photo_added: msg`Photo added`,
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={600} w={96} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** Thumbnails that open the display size in a dialog. */
/** Photos under a small title; each opens the shared viewer (arrows, Escape). */
function Photos({ title, photos, label }: { title: string; photos: ActionDetail['evidencePhotos']; label: string }) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <PhotoGallery photos={photos} label={label} />
    </Stack>
  );
}

function ActionSkeleton() {
  const { t } = useLingui();
  return (
    <Stack role="status" aria-busy="true" aria-label={t`Loading the corrective action`} maw={900}>
      <Skeleton height={36} width="60%" />
      <Skeleton height={220} />
      <Skeleton height={160} />
    </Stack>
  );
}
