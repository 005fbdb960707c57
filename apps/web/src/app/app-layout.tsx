import { dashboardPathFor } from '@brigade/core/roles';
import { canOpenRoute, entriesFor, isReportPath, tabBarEntries } from '@brigade/core/routes';
import { Trans, useLingui } from '@lingui/react/macro';
import { AppShell, Burger, Group, UnstyledButton } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../components/brand-logo';
import { CopyrightNotice } from '../components/copyright-notice';
import { NotificationBell } from '../features/notifications/notification-bell';
import { useCurrentUser } from '../lib/current-user';
import { useCoreText } from '../lib/i18n';
import { useOutboxRunner } from '../lib/offline/use-outbox-runner';
import { useAppRoute } from '../lib/use-app-route';
import classes from './app-layout.module.css';
import { RestaurantSelector } from './restaurant-selector';
import { Sidebar } from './sidebar';
import { TabBar } from './tab-bar';
import { UpdatePrompt } from './update-prompt';

const NAVBAR_ID = 'app-navigation';

/**
 * Reads the outbox (Dexie, 30 kB): its own chunk, so a page draws without waiting for it
 * (decision 053). Online with nothing refused it draws nothing anyway; offline its code
 * comes from the service worker's precache at once.
 */
const OfflineBanner = lazy(() => import('./offline-banner').then((module) => ({ default: module.OfflineBanner })));

/**
 * Every signed-in page: header (burger below `sm`), sidebar, the managers' restaurant
 * strip, the page, the footer and, for managers and staff on mobile, the tab bar. It
 * also enforces the route table: a page the role may not open leads to its dashboard.
 */
export function AppLayout() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const me = useCurrentUser();
  const appRoute = useAppRoute();
  const { pathname } = useLocation();
  const [navOpened, navHandlers] = useDisclosure(false);
  const title = appRoute ? text(appRoute.title) : null;
  useDocumentTitle(title ? t`${title} · Brigade` : 'Brigade');
  // The person's changes made offline go out from here (lib/offline), and the banner says
  // how they stand: both once the layout has drawn with its first page (the router draws it
  // only when that page's code is here), so the page does not wait for the outbox.
  const drawn = useDrawn();
  useOutboxRunner(me.id, drawn);

  const tabEntries = entriesFor(tabBarEntries, me.role);
  const showSelector = me.role === 'manager' && !isReportPath(pathname) && !appRoute?.hidesRestaurantSelector;
  const mayOpen = appRoute === null || canOpenRoute(me.role, appRoute);

  return (
    // Lists keep their search, filters, sort and page in the address (lib/use-list-params).
    <NuqsAdapter>
      <ModalsProvider>
        <a href="#main-content" className={classes.skipLink}>
          <Trans>Skip to main content</Trans>
        </a>
        <AppShell
          className={`${classes.shell} ${tabEntries.length > 0 ? classes.withTabBar : ''}`}
          header={{ height: 56 }}
          navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
          padding="md"
        >
          <AppShell.Header>
            <Group h="100%" px="md" gap="sm" wrap="nowrap">
              <Burger
                opened={navOpened}
                onClick={navHandlers.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={navOpened ? t`Close navigation` : t`Open navigation`}
                aria-expanded={navOpened}
                aria-controls={NAVBAR_ID}
              />
              <UnstyledButton component={Link} to="/" aria-label={t`Brigade home`} onClick={navHandlers.close}>
                <BrandLogo />
              </UnstyledButton>
              <Group ml="auto" gap="xs" className={classes.headerActions}>
                <NotificationBell />
              </Group>
            </Group>
          </AppShell.Header>

          <AppShell.Navbar
            id={NAVBAR_ID}
            aria-label={t`Main navigation`}
            className={classes.navbar}
            data-closed={navOpened ? undefined : true}
            // Following a link closes the mobile drawer; so does Escape.
            onClick={(event) => {
              if ((event.target as HTMLElement).closest('a')) navHandlers.close();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') navHandlers.close();
            }}
          >
            <Sidebar />
          </AppShell.Navbar>

          <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
            {drawn && (
              <Suspense fallback={null}>
                <OfflineBanner />
              </Suspense>
            )}
            {showSelector && <RestaurantSelector />}
            {mayOpen ? <Outlet /> : <Navigate to={dashboardPathFor(me.role)} replace />}
          </AppShell.Main>

          <footer className={classes.footer}>
            <CopyrightNotice />
          </footer>

          {tabEntries.length > 0 && <TabBar entries={tabEntries} />}
          <UpdatePrompt />
        </AppShell>
      </ModalsProvider>
    </NuqsAdapter>
  );
}

/** False while the component draws for the first time, true from the next render on. */
function useDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  return drawn;
}
