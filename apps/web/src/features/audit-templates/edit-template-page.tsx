import { messages } from '@brigade/core/messages';
import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { FormPage } from '../../components/form-page';
import { useCoreText } from '../../lib/i18n';
import { useAuditTemplate } from './api/get-audit-template';
import { FORM_WIDTH, TemplateForm } from './template-form';

/** /audit-templates/{id}/edit (hq): the form, starting from the stored template. */
export function EditTemplatePage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { id = '' } = useParams();
  const template = useAuditTemplate(id);
  return (
    <FormPage
      title={t`Edit Audit Template`}
      load={template}
      width={FORM_WIDTH}
      loadingLabel={t`Loading template`}
      skeletonRows={4}
      loadFailed={text(messages.templateLoadFailed)}
      notFound={{
        message: text(messages.templateNotFound),
        backTo: '/audit-templates',
        backLabel: t`Back to Templates`,
      }}
    >
      {(stored) => <TemplateForm key={stored.id} template={stored} />}
    </FormPage>
  );
}
