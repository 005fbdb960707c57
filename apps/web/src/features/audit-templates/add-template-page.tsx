import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { TemplateForm } from './template-form';

/** /audit-templates/add (hq). */
export function AddTemplatePage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`New Audit Template`} />
      <TemplateForm template={null} />
    </>
  );
}
