import { messages } from '@brigade/core/messages';
import { type AuditTemplateDetail, AuditTemplateInput } from '@brigade/core/schemas/audit-templates';
import {
  DEFAULT_BAD_DUE_DAYS,
  DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS,
  MAX_DUE_DAYS,
} from '@brigade/core/schemas/corrective-actions';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, Paper, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/form-actions';
import { useFormFailure } from '../../lib/form-failure';
import { useCoreText } from '../../lib/i18n';
import { useCreateAuditTemplate } from './api/create-audit-template';
import { useUpdateAuditTemplate } from './api/update-audit-template';
import { newTemplateItem, type TemplateFormValues } from './template-form-values';
import { TemplateItemList } from './template-item-list';

export const FORM_WIDTH = 720;

function initialValuesOf(template: AuditTemplateDetail | null): TemplateFormValues {
  if (!template) {
    return {
      name: '',
      description: '',
      items: [newTemplateItem()],
      badDueDays: DEFAULT_BAD_DUE_DAYS,
      needsImprovementDueDays: DEFAULT_NEEDS_IMPROVEMENT_DUE_DAYS,
      autoAssignTraining: false,
    };
  }
  return {
    name: template.name,
    description: template.description,
    items: template.items.length
      ? template.items.map((item) => ({
          key: item.id,
          id: item.id,
          text: item.text,
          trainingId: item.training?.id ?? null,
        }))
      : [newTemplateItem()],
    badDueDays: template.badDueDays,
    needsImprovementDueDays: template.needsImprovementDueDays,
    autoAssignTraining: template.autoAssignTraining,
  };
}

/** What the API takes: items in display order, kept ones with their id so audits still point at them. */
function toInput(values: TemplateFormValues): AuditTemplateInput {
  return {
    name: values.name,
    description: values.description,
    items: values.items.map(({ id, text, trainingId }) => (id ? { id, text, trainingId } : { text, trainingId })),
    badDueDays: Number(values.badDueDays),
    needsImprovementDueDays: Number(values.needsImprovementDueDays),
    autoAssignTraining: values.autoAssignTraining,
  };
}

/**
 * Add and edit an audit template (core-operations §2 "Audit templates", §5): name,
 * description and an ordered list of at least one item.
 */
export function TemplateForm({ template }: { template: AuditTemplateDetail | null }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const navigate = useNavigate();
  const create = useCreateAuditTemplate();
  const update = useUpdateAuditTemplate();
  const save = template ? update : create;
  const saveFailure = useFormFailure();
  const form = useForm<TemplateFormValues>({
    mode: 'controlled',
    onValuesChange: saveFailure.clear,
    initialValues: initialValuesOf(template),
    validate: schemaResolver(AuditTemplateInput, { sync: true }),
  });

  /** A field's props, its message (core's check, or the server's) in the person's language. */
  function field(path: string, options?: { type: 'checkbox' }) {
    const input = form.getInputProps(path, options);
    return { ...input, error: typeof input.error === 'string' ? text(input.error) : input.error };
  }

  function submit(values: TemplateFormValues) {
    const callbacks = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: template ? t`Template updated` : t`Template created` });
        void navigate('/audit-templates');
      },
      onError: (error: Error) =>
        saveFailure.report(form, error, text(template ? messages.templateUpdateFailed : messages.templateCreateFailed)),
    };
    if (template) update.mutate({ id: template.id, input: toInput(values) }, callbacks);
    else create.mutate(toInput(values), callbacks);
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={FORM_WIDTH}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <TextInput label={t`Name`} required maxLength={200} key={form.key('name')} {...field('name')} />
          <Textarea
            label={t`Description`}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            key={form.key('description')}
            {...field('description')}
          />
          <TemplateItemList form={form} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label={t`Days to fix a Bad item`}
              description={t`Due date of its corrective action`}
              min={1}
              max={MAX_DUE_DAYS}
              allowDecimal={false}
              allowNegative={false}
              key={form.key('badDueDays')}
              {...field('badDueDays')}
            />
            <NumberInput
              label={t`Days to fix a Needs improvement item`}
              description={t`Due date of its corrective action`}
              min={1}
              max={MAX_DUE_DAYS}
              allowDecimal={false}
              allowNegative={false}
              key={form.key('needsImprovementDueDays')}
              {...field('needsImprovementDueDays')}
            />
          </SimpleGrid>
          <Switch
            label={t`Assign training automatically`}
            description={t`When a finding on an item that names a training is Bad or Needs improvement, assign that training to the restaurant's staff at submit (due in 7 days) instead of suggesting it to the manager.`}
            key={form.key('autoAssignTraining')}
            {...field('autoAssignTraining', { type: 'checkbox' })}
          />
          <FormActions
            failure={saveFailure.failure}
            saving={save.isPending}
            saveLabel={t`Save Template`}
            cancelTo="/audit-templates"
          />
        </Stack>
      </form>
    </Paper>
  );
}
