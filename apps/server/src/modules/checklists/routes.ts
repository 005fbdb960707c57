import type { AppContext } from '../../context';
import type { App } from '../../http/app-instance';
import { checklistRunRoutes } from './run-routes';
import { checklistTemplateRoutes } from './template-routes';

/** Checklists (issue 33): hq's and managers' templates, and the records a crew fills. */
export async function checklistRoutes(app: App, context: AppContext) {
  await checklistTemplateRoutes(app, context);
  await checklistRunRoutes(app, context);
}
