import { messages } from '@brigade/core/messages';
import {
  AUDIT_TEMPLATE_SORTS,
  type AuditTemplateSort,
  type AuditTemplateSummary,
} from '@brigade/core/schemas/audit-templates';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { ColumnSortSelect } from '../../components/data-list/column-sort-select';
import { type DataColumn, DataList } from '../../components/data-list/data-list';
import { ListCard } from '../../components/data-list/list-card';
import { useTableLayout } from '../../components/data-list/use-table-layout';
import { PageHeader } from '../../components/page-header';
import { useCoreText } from '../../lib/i18n';
import { type ListSortSpec, useListParams } from '../../lib/use-list-params';
import { useDeleteAuditTemplate } from './api/delete-audit-template';
import { useAuditTemplates } from './api/get-audit-templates';

/** From this width (992 px) the list is a table; below it each template is a card. */
const TABLE_QUERY = '(min-width: 62em)';

const TEMPLATE_SORT: ListSortSpec<AuditTemplateSort> = {
  columns: AUDIT_TEMPLATE_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
};

/** /audit-templates (hq): core-operations §2 "Audit templates", sorted as the address says. */
export function AuditTemplatesPage() {
  const { t } = useLingui();
  const { text } = useCoreText();
  const list = useListParams(TEMPLATE_SORT);
  const templates = useAuditTemplates({ sort: list.query.sort, order: list.query.order });
  const showTable = useTableLayout(TABLE_QUERY);
  const columns = useTemplateColumns();
  const hasTemplates = (templates.data?.length ?? 0) > 0;

  return (
    <>
      <PageHeader
        title={t`Audit Templates`}
        subtitle={t`Checklists an audit is built from`}
        actions={
          <Button component={Link} to="/audit-templates/add" leftSection={<IconPlus size={18} aria-hidden />}>
            <Trans>Add Template</Trans>
          </Button>
        }
      />
      <Stack gap="sm">
        {!showTable && hasTemplates && (
          <ColumnSortSelect columns={columns} sort={list.query.sort} order={list.query.order} onChange={list.setSort} />
        )}
        <DataList
          query={templates}
          columns={columns}
          rowKey={(template) => template.id}
          card={(template) => <TemplateCard template={template} />}
          showTable={showTable}
          sortControl={list.sortControl}
          tableProps={{ horizontalSpacing: 'md' }}
          cards={{ cols: { base: 1, sm: 2 } }}
          labels={{ loading: t`Loading audit templates`, loadFailed: text(messages.templatesLoadFailed) }}
          empty={{
            title: t`No audit templates yet`,
            description: t`Add a template to start auditing restaurants`,
            icon: <IconClipboardList size={28} aria-hidden />,
          }}
        />
      </Stack>
    </>
  );
}

/** Wide screens: one row per template, sorted by clicking the Name or Items header. */
function useTemplateColumns(): DataColumn<AuditTemplateSummary, AuditTemplateSort>[] {
  const { t } = useLingui();
  return [
    {
      header: t`Name`,
      sort: 'name',
      cell: (template) => (
        <Text fw={600} size="sm">
          {template.name}
        </Text>
      ),
    },
    { header: t`Description`, cell: (template) => <Description text={template.description} /> },
    { header: t`Items`, sort: 'itemCount', cell: (template) => <ItemCount count={template.itemCount} /> },
    { header: t`Actions`, cell: (template) => <TemplateActions template={template} /> },
  ];
}

/** Narrower screens: one card per template, the same facts and actions as a table row. */
function TemplateCard({ template }: { template: AuditTemplateSummary }) {
  return (
    <ListCard
      gap="xs"
      title={template.name}
      badge={<ItemCount count={template.itemCount} />}
      actions={<TemplateActions template={template} />}
    >
      <Description text={template.description} />
    </ListCard>
  );
}

function Description({ text }: { text: string }) {
  const { t } = useLingui();
  return (
    <Text size="sm" c="gray.7" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {text || t`No description`}
    </Text>
  );
}

function ItemCount({ count }: { count: number }) {
  return (
    <Badge variant="light" color="indigo" c="indigo.9" tt="none" style={{ flexShrink: 0 }}>
      <Plural value={count} one="# item" other="# items" />
    </Badge>
  );
}

/** Edit and Delete, each named after the template. */
function TemplateActions({ template }: { template: AuditTemplateSummary }) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const { name } = template;
  const remove = useDeleteAuditTemplate({
    onSuccess: () => notifications.show({ color: 'green', message: t`Template deleted` }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: text(messages.templateDeleteFailed),
        message: error.message === messages.templateDeleteFailed ? name : `${name}: ${text(error.message)}`,
      }),
  });

  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t`Edit`}>
        <ActionIcon
          component={Link}
          to={`/audit-templates/${encodeURIComponent(template.id)}/edit`}
          size="lg"
          variant="subtle"
          color="indigo"
          aria-label={t`Edit ${name}`}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t`Delete`}>
        <ActionIcon
          size="lg"
          variant="subtle"
          color="red.9"
          aria-label={t`Delete ${name}`}
          loading={remove.isPending}
          onClick={() =>
            confirmDelete({
              title: t`Delete template`,
              message: (
                <>
                  <Trans>
                    Are you sure you want to delete <strong>{name}</strong>? Audits made from it keep their items.
                  </Trans>{' '}
                  {text(messages.cannotBeUndone)}
                </>
              ),
              onConfirm: () => remove.mutate(template.id),
            })
          }
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
