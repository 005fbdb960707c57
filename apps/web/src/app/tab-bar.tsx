import type { NavEntry } from '@brigade/core/routes';
import { useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router';
import { useCoreText } from '../lib/i18n';
import { navIconFor } from '../lib/nav-icons';
import classes from './app-layout.module.css';

/**
 * The bottom tab bar managers and staff get below `sm` (core-operations §2): one equal
 * column per entry. Its CSS hides it with `display: none` from `sm` up, which also takes
 * it out of the accessibility tree on desktop.
 */
export function TabBar({ entries }: { entries: readonly NavEntry[] }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  return (
    <nav
      aria-label={t`Tab bar`}
      className={classes.tabBar}
      style={{ gridTemplateColumns: `repeat(${entries.length}, 1fr)` }}
    >
      {entries.map((entry) => {
        const Icon = navIconFor(entry.path);
        return (
          <NavLink key={entry.path} to={entry.path} className={classes.tab}>
            <Icon size={22} stroke={1.75} aria-hidden />
            <span className={classes.tabLabel}>{text(entry.label)}</span>
          </NavLink>
        );
      })}
    </nav>
  );
}
