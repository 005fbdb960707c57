import { type CoreCatalogue, composeCatalogue } from './catalogue-parts';
import { nlApp } from './nl-app';
import { nlPublic } from './nl-public';

/**
 * Dutch, written for restaurant staff (issue 22): informal "je", neutral between the
 * Netherlands and Flanders. Role and status values the API takes (staff, manager, hq,
 * true, false, pending, acknowledged) stay as they are typed.
 */
export const nl: CoreCatalogue = composeCatalogue(nlPublic, nlApp);
