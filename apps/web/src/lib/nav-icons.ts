import {
  IconAlertTriangle,
  IconBook,
  IconBuildingStore,
  IconCalendarRepeat,
  IconCalendarStats,
  IconChartBar,
  IconChartDonut,
  IconChartLine,
  IconChartPie,
  IconClipboardCheck,
  IconClipboardList,
  IconHistory,
  IconKey,
  IconLayoutDashboard,
  IconListCheck,
  IconLogin2,
  IconMail,
  IconPoint,
  IconReportAnalytics,
  IconSchool,
  IconSpeakerphone,
  IconTemperature,
  IconTemplate,
  IconToolsKitchen2,
  IconUserCircle,
  IconUserCog,
  IconUserPlus,
  IconUsers,
  IconWebhook,
  type TablerIcon,
} from '@tabler/icons-react';

/** The icon beside each navigation entry, by path (labels and audiences live in @brigade/core/routes). */
const iconsByPath: Record<string, TablerIcon> = {
  '/dashboard-hq': IconLayoutDashboard,
  '/dashboard-manager': IconLayoutDashboard,
  '/dashboard-staff': IconLayoutDashboard,
  '/store-performance': IconBuildingStore,
  '/restaurants-management': IconToolsKitchen2,
  '/staff-management': IconUsers,
  '/announcements-management': IconSpeakerphone,
  '/trainings': IconSchool,
  '/quiz-management': IconListCheck,
  '/my-trainings': IconBook,
  '/training-assignments': IconClipboardList,
  '/training-assign': IconUserPlus,
  '/audits-management': IconClipboardCheck,
  '/actions': IconAlertTriangle,
  '/audit-templates': IconTemplate,
  '/audit-schedules': IconCalendarRepeat,
  '/activity-log': IconHistory,
  '/provisioning': IconUserCog,
  '/api-tokens': IconKey,
  '/sensors': IconTemperature,
  '/single-sign-on': IconLogin2,
  '/webhooks': IconWebhook,
  '/reports/sales': IconChartBar,
  '/reports/product-mix': IconChartPie,
  '/reports/operations': IconChartLine,
  '/profile': IconUserCircle,
  '/demo-emails': IconMail,
  '/hq-reports': IconReportAnalytics,
  '/reports/hq-sales': IconChartBar,
  '/reports/23-24-25': IconCalendarStats,
  '/reports/hq-product-mix': IconChartDonut,
  '/reports/hq-operations': IconChartLine,
};

export const reportsGroupIcon = IconReportAnalytics;

export function navIconFor(path: string): TablerIcon {
  return iconsByPath[path] ?? IconPoint;
}

/** An entry is current on its own path and on the pages below it (/trainings/42 keeps Trainings lit). */
export function isCurrentPath(entryPath: string, pathname: string): boolean {
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}
