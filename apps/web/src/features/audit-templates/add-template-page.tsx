import { PageHeader } from '../../components/page-header';
import { TemplateForm } from './template-form';

/** /audit-templates/add (hq). */
export function AddTemplatePage() {
  return (
    <>
      <PageHeader title="New Audit Template" />
      <TemplateForm template={null} />
    </>
  );
}
