import type { ReportKey } from '@brigade/core/schemas/reports';
import { msg } from '@lingui/core/macro';

/** hq's report pages: path to report key (titles come from the route table). */
export const hqReportKeys: Readonly<Record<string, ReportKey>> = {
  '/reports/hq-sales': 'hq-sales',
  '/reports/hq-product-mix': 'hq-product-mix',
  '/reports/hq-operations': 'hq-operations',
  '/reports/23-24-25': '23-24-25',
};

/** The managers' restaurant-scoped report pages. */
export const managerReportKeys: Readonly<Record<string, ReportKey>> = {
  '/reports/sales': 'sales',
  '/reports/product-mix': 'product-mix',
  '/reports/operations': 'operations',
};

/** The HQ Reports hub's cards, in the spec's order (reports §2 "HQ Reports hub"); shown with `i18n._(…)`. */
export const hqReportCards = [
  { title: msg`Sales`, description: msg`View total sales, and trends`, path: '/reports/hq-sales' },
  { title: msg`23 & 24 & 25`, description: msg`Access combined period analysis`, path: '/reports/23-24-25' },
  { title: msg`Product Sales`, description: msg`Detailed product-level insights`, path: '/reports/hq-product-mix' },
  { title: msg`Operations`, description: msg`Monitor operational KPIs`, path: '/reports/hq-operations' },
] as const;

/** Report pages draw the report this high (px); elsewhere the embed's default is 600 (reports §9). */
export const REPORT_PAGE_HEIGHT = 800;
