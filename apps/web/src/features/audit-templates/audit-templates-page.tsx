import { messages } from '@brigade/core/messages';
import {
  AUDIT_TEMPLATE_SORTS,
  type AuditTemplateSort,
  type AuditTemplateSummary,
} from '@brigade/core/schemas/audit-templates';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconClipboardList, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { confirmDelete } from '../../components/confirm-delete';
import { EmptyList } from '../../components/empty-list';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SortSelect } from '../../components/sort-select';
import { SortableTh } from '../../components/sortable-th';
import { useCoreText } from '../../lib/i18n';
import { type ListSortSpec, type SortControl, useListParams } from '../../lib/use-list-params';
import { useDeleteAuditTemplate } from './api/delete-audit-template';
import { useAuditTemplates } from './api/get-audit-templates';

/** From this width (992 px) the list is a table; below it each template is a card. */
const TABLE_QUERY = '(min-width: 62em)';

const TEMPLATE_SORT: ListSortSpec<AuditTemplateSort> = {
  columns: AUDIT_TEMPLATE_SORTS,
  defaultSort: 'name',
  defaultOrder: 'asc',
};

const SORT_OPTIONS = [
  { value: 'name', label: msg`Name` },
  { value: 'itemCount', label: msg`Items` },
] as const satisfies readonly { value: AuditTemplateSort; label: MessageDescriptor }[];

/** /audit-templates (hq): core-operations §2 "Audit templates", sorted as the address says. */
export function AuditTemplatesPage() {
  const { t, i18n } = useLingui();
  const { text } = useCoreText();
  const list = useListParams(TEMPLATE_SORT);
  const templates = useAuditTemplates({ sort: list.query.sort, order: list.query.order });
  const showTable = useMediaQuery(TABLE_QUERY, true, { getInitialValueInEffect: false });
  const data = templates.data;

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
      {templates.isPending ? (
        <ListSkeleton />
      ) : templates.isError && !data ? (
        <LoadError
          message={text(messages.templatesLoadFailed)}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : data && data.length === 0 ? (
        <EmptyList
          title={t`No audit templates yet`}
          description={t`Add a template to start auditing restaurants`}
          icon={<IconClipboardList size={28} aria-hidden />}
        />
      ) : data ? (
        showTable ? (
          <TemplateTable templates={data} sortControl={list.sortControl} />
        ) : (
          <Stack gap="sm">
            <SortSelect
              options={SORT_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
              sort={list.query.sort}
              order={list.query.order}
              onChange={list.setSort}
            />
            <TemplateCards templates={data} />
          </Stack>
        )
      ) : null}
    </>
  );
}

interface TemplateTableProps {
  templates: readonly AuditTemplateSummary[];
  sortControl: (column: AuditTemplateSort) => SortControl;
}

function TemplateTable({ templates, sortControl }: TemplateTableProps) {
  const { t } = useLingui();
  return (
    <Paper withBorder>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortableTh {...sortControl('name')}>{t`Name`}</SortableTh>
            <Table.Th>
              <Trans>Description</Trans>
            </Table.Th>
            <SortableTh {...sortControl('itemCount')}>{t`Items`}</SortableTh>
            <Table.Th>
              <Trans>Actions</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.id}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {template.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <Description text={template.description} />
              </Table.Td>
              <Table.Td>
                <ItemCount count={template.itemCount} />
              </Table.Td>
              <Table.Td>
                <TemplateActions template={template} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function TemplateCards({ templates }: { templates: readonly AuditTemplateSummary[] }) {
  return (
    <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {templates.map((template) => (
        <Paper component="li" key={template.id} withBorder p="md">
          <Stack gap="xs" h="100%">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {template.name}
              </Text>
              <ItemCount count={template.itemCount} />
            </Group>
            <Description text={template.description} />
            <Group justify="flex-end" mt="auto">
              <TemplateActions template={template} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
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

function ListSkeleton() {
  const { t } = useLingui();
  return (
    <Paper withBorder p="md" role="status" aria-busy="true" aria-label={t`Loading audit templates`}>
      <Stack gap="md">
        {[0, 1, 2].map((row) => (
          <Group key={row} wrap="nowrap">
            <Skeleton height={36} style={{ flex: 1 }} />
            <Skeleton height={36} style={{ flex: 2 }} />
            <Skeleton height={36} width={90} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
