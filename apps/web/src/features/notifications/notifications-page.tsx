import { DEFAULT_PAGE_SIZE } from '@brigade/core/limits';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Paper } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBellCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { DataList } from '../../components/data-list/data-list';
import { PageHeader } from '../../components/page-header';
import { useNotifications } from './api/get-notifications';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { NotificationList } from './notification-list';
import { notificationMessages } from './notification-messages';

/** /notifications (issue 20): all my notifications, newest first, paged; read one, or all at once. */
export function NotificationsPage() {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const list = useNotifications({ page, pageSize: DEFAULT_PAGE_SIZE });
  const data = list.data;
  /** The page's subtitle: how many are unread. */
  function unreadSummary(unread: number): string {
    if (unread === 0) return t`Everything is read`;
    return t({ message: plural(unread, { one: '# unread notification', other: '# unread notifications' }) });
  }
  const markAll = useMarkAllNotificationsRead({
    onSuccess: () => toasts.show({ color: 'green', message: i18n._(notificationMessages.allMarkedRead) }),
    onError: () => toasts.show({ color: 'red', message: i18n._(notificationMessages.markAllReadFailed) }),
  });

  return (
    <>
      <PageHeader
        title={i18n._(notificationMessages.title)}
        subtitle={data ? unreadSummary(data.unread) : undefined}
        actions={
          <Button
            variant="default"
            leftSection={<IconBellCheck size={18} aria-hidden />}
            disabled={!data || data.unread === 0}
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {i18n._(notificationMessages.markAllRead)}
          </Button>
        }
      />
      <DataList
        query={list}
        rowKey={(notification) => notification.id}
        // The bell's list, with Mark read: one divided list rather than a table or cards.
        renderRows={(items) => (
          <Paper withBorder>
            <NotificationList items={items} withMarkRead label={t`All notifications`} />
          </Paper>
        )}
        showTable={false}
        onPageChange={setPage}
        labels={{
          loading: t`Loading notifications`,
          loadFailed: i18n._(notificationMessages.loadFailed),
          pages: t`Notification pages`,
        }}
        empty={{
          title: i18n._(notificationMessages.allCaughtUp),
          description: i18n._(notificationMessages.allCaughtUpHint),
          icon: <IconBellCheck size={28} aria-hidden />,
        }}
      />
    </>
  );
}
