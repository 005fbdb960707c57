import { useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { notificationListsQueryKey, useNotifications } from './api/get-notifications';
import { unreadCountQueryKey, useUnreadCount } from './api/get-unread-count';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { NotificationList } from './notification-list';
import { bellLabel, notificationMessages } from './notification-messages';
import classes from './notifications.module.css';

/** How many of the latest notifications the bell's panel lists; the page has the rest. */
export const BELL_LIST_SIZE = 8;

/** Below Mantine's `sm` (the AppShell's breakpoint) the panel is a drawer from the bottom. */
const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * The header's bell (issue 20): the unread count, polled, and on a click the latest
 * notifications in a popover (a drawer on phones) with Mark all as read and See all.
 */
export function NotificationBell() {
  const { t, i18n } = useLingui();
  const [opened, { close, toggle }] = useDisclosure(false);
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const unread = useUnreadCount().data?.unread ?? 0;
  const panelId = useId();
  const titleId = useId();
  useRefreshListsWhenCountChanges(unread);

  const bell = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={bellLabel(i18n, unread)}
      aria-expanded={opened}
      aria-controls={opened ? panelId : undefined}
      aria-haspopup="dialog"
      onClick={toggle}
    >
      <Indicator label={unread > 99 ? '99+' : unread} disabled={unread === 0} size={16} color="red" offset={2}>
        <IconBell size={22} aria-hidden />
      </Indicator>
    </ActionIcon>
  );

  if (isPhone) {
    return (
      <>
        {bell}
        <Drawer
          id={panelId}
          opened={opened}
          onClose={close}
          position="bottom"
          size="85%"
          title={i18n._(notificationMessages.title)}
          closeButtonProps={{ 'aria-label': t`Close notifications` }}
        >
          <NotificationPanel unread={unread} onClose={close} />
        </Drawer>
      </>
    );
  }

  return (
    <Popover opened={opened} onDismiss={close} position="bottom-end" shadow="md" trapFocus returnFocus>
      <Popover.Target>{bell}</Popover.Target>
      <Popover.Dropdown id={panelId} p={0} aria-labelledby={titleId}>
        <div className={classes.panel}>
          <Text id={titleId} fw={700} px="sm" pt="sm">
            {i18n._(notificationMessages.title)}
          </Text>
          <NotificationPanel unread={unread} onClose={close} />
        </div>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A new count means new notifications (or some read elsewhere): lists already loaded are out of date. */
function useRefreshListsWhenCountChanges(unread: number) {
  const queryClient = useQueryClient();
  const previous = useRef(unread);
  useEffect(() => {
    if (previous.current === unread) return;
    previous.current = unread;
    void queryClient.invalidateQueries({ queryKey: notificationListsQueryKey });
  }, [unread, queryClient]);
}

/** The list's answer carries the unread count too: opening the panel brings the bell up to date. */
function useCountFromList(unread: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (unread !== undefined) queryClient.setQueryData(unreadCountQueryKey, { unread });
  }, [unread, queryClient]);
}

function NotificationPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const latest = useNotifications({ page: 1, pageSize: BELL_LIST_SIZE }, { staleTime: 0 });
  useCountFromList(latest.isPlaceholderData ? undefined : latest.data?.unread);
  const markAll = useMarkAllNotificationsRead({
    onError: () => toasts.show({ color: 'red', message: i18n._(notificationMessages.markAllReadFailed) }),
  });

  return (
    <Stack gap="xs" p="sm">
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconBellCheck size={16} aria-hidden />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {i18n._(notificationMessages.markAllRead)}
        </Button>
      </Group>
      {latest.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t`Loading notifications`}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={48} />
          ))}
        </Stack>
      ) : latest.isError && !latest.data ? (
        <LoadError
          message={i18n._(notificationMessages.loadFailed)}
          onRetry={() => void latest.refetch()}
          retrying={latest.isFetching}
        />
      ) : latest.data.items.length === 0 ? (
        <EmptyList
          title={i18n._(notificationMessages.allCaughtUp)}
          description={i18n._(notificationMessages.allCaughtUpHint)}
          icon={<IconBellCheck size={28} aria-hidden />}
        />
      ) : (
        <ScrollArea.Autosize mah="60vh" type="auto">
          <NotificationList items={latest.data.items} onOpen={onClose} label={t`Latest notifications`} />
        </ScrollArea.Autosize>
      )}
      <Button component={Link} to="/notifications" variant="light" onClick={onClose} fullWidth>
        {i18n._(notificationMessages.seeAll)}
      </Button>
    </Stack>
  );
}
