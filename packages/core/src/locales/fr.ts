import { type CoreCatalogue, composeCatalogue } from './catalogue-parts';
import { frApp } from './fr-app';
import { frPublic } from './fr-public';

/**
 * French, written for restaurant staff (issue 22): "vous", neutral between France and
 * Belgium. A no-break space (\u00a0) comes before ? ! : ; and %, as French typography
 * wants. Role and status values the API takes (staff, manager, hq, true, false, pending,
 * acknowledged) stay as they are typed.
 */
export const fr: CoreCatalogue = composeCatalogue(frPublic, frApp);
