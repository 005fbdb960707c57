import { ROLE_LABELS } from '@brigade/core/roles';
import { demoEmailsEntries, entriesFor, hqReportEntries, type NavEntry, sidebarEntries } from '@brigade/core/routes';
import { useLingui } from '@lingui/react/macro';
import { AppShell, Avatar, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useDemoEmailStatus } from '../features/demo-emails/api/get-demo-email-status';
import { useCurrentUser } from '../lib/current-user';
import { useCoreText } from '../lib/i18n';
import { isCurrentPath, navIconFor, reportsGroupIcon } from '../lib/nav-icons';
import { useSignOutAsking } from '../lib/session/use-sign-out-asking';
import classes from './app-layout.module.css';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function EntryLink({ entry, pathname }: { entry: NavEntry; pathname: string }) {
  const { text } = useCoreText();
  const Icon = navIconFor(entry.path);
  const active = isCurrentPath(entry.path, pathname);
  return (
    <NavLink
      component={Link}
      to={entry.path}
      label={text(entry.label)}
      leftSection={<Icon size={20} stroke={1.75} aria-hidden />}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="filled"
      className={classes.navLink}
    />
  );
}

/**
 * The sidebar (a drawer below `sm`): who is signed in, the role's entries, hq's
 * Reports group, and Sign Out at the bottom.
 */
export function Sidebar() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const signOut = useSignOutAsking();
  const entries = entriesFor(sidebarEntries, me.role);
  const reportEntries = entriesFor(hqReportEntries, me.role);
  // The demo's caught emails (issue 35): hq asks the server whether it catches them.
  const demoEntries = entriesFor(demoEmailsEntries, me.role);
  const demoEmails = useDemoEmailStatus({ enabled: demoEntries.length > 0 });
  const shownDemoEntries = demoEmails.data?.on ? demoEntries : [];
  const [reportsOpened, setReportsOpened] = useState(() =>
    reportEntries.some((entry) => isCurrentPath(entry.path, pathname)),
  );
  // Reports (and the demo's emails) sit just above Profile, which stays last with the personal entries.
  const profileIndex = entries.findIndex((entry) => entry.path === '/profile');
  const splitAt = profileIndex === -1 ? entries.length : profileIndex;
  const ReportsIcon = reportsGroupIcon;

  return (
    <>
      <AppShell.Section p="md" style={{ borderBottom: '1px solid var(--app-shell-border-color)' }}>
        <Group gap="sm" wrap="nowrap">
          <Avatar color="indigo" radius="xl" aria-hidden>
            {initialsOf(me.name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end">
              {me.name}
            </Text>
            <Text size="xs" c="gray.7" truncate="end">
              {me.email}
            </Text>
            <Text size="xs" c="gray.7">
              {text(ROLE_LABELS[me.role])}
            </Text>
          </div>
        </Group>
      </AppShell.Section>

      <AppShell.Section grow component={ScrollArea} px="xs" py="sm">
        {entries.slice(0, splitAt).map((entry) => (
          <EntryLink key={entry.path} entry={entry} pathname={pathname} />
        ))}
        {reportEntries.length > 0 && (
          <NavLink
            component="button"
            type="button"
            label={t`Reports`}
            leftSection={<ReportsIcon size={20} stroke={1.75} aria-hidden />}
            opened={reportsOpened}
            onChange={setReportsOpened}
            aria-expanded={reportsOpened}
            childrenOffset={28}
            className={classes.navLink}
          >
            {reportEntries.map((entry) => (
              <EntryLink key={entry.path} entry={entry} pathname={pathname} />
            ))}
          </NavLink>
        )}
        {shownDemoEntries.map((entry) => (
          <EntryLink key={entry.path} entry={entry} pathname={pathname} />
        ))}
        {entries.slice(splitAt).map((entry) => (
          <EntryLink key={entry.path} entry={entry} pathname={pathname} />
        ))}
      </AppShell.Section>

      <AppShell.Section px="xs" py="sm" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
        <NavLink
          component="button"
          type="button"
          label={signOut.isPending ? t`Signing out...` : t`Sign Out`}
          leftSection={<IconLogout size={20} stroke={1.75} aria-hidden />}
          // Not `disabled` while signing out: a disabled button drops keyboard focus to the
          // page's body, behind the phone's full-screen menu (issue 31). Sign In then
          // replaces the whole app, menu included, and focuses its heading.
          aria-disabled={signOut.isPending || undefined}
          mod={{ disabled: signOut.isPending }}
          className={classes.navLink}
          // Asks first when this person's changes made offline have not been sent yet.
          onClick={() =>
            void signOut.request((error) =>
              notifications.show({ color: 'red', title: t`Could not sign out`, message: text(error.message) }),
            )
          }
        />
      </AppShell.Section>
    </>
  );
}
