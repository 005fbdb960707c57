import { messages } from '@brigade/core/messages';
import type { AuditDueEntry } from '@brigade/core/schemas/audit-schedules';
import { CreateAudit } from '@brigade/core/schemas/audits';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../components/form-page';
import { useRestaurantOptions } from '../../lib/api/get-restaurant-options';
import { isApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { formatPeriod } from '../../lib/format-period';
import { useCoreText } from '../../lib/i18n';
import { useCreateAudit } from './api/create-audit';
import { useAuditors } from './api/get-auditors';
import { useDueEntry } from './api/get-due-entry';
import { useTemplateOptions } from './api/get-template-options';

const FORM_WIDTH = 640;

/** core-operations §8 lists it; no other screen shares it yet, so it is not in `messages`. */
const REQUIRED_DATA_LOAD_FAILED = msg`Failed to load required data`;

/** /audits/create (hq): a restaurant, at least one template and an auditor (core-operations §2, §5). */
export function CreateAuditPage() {
  const { i18n, t } = useLingui();
  const restaurants = useRestaurantOptions();
  const templates = useTemplateOptions();
  const auditors = useAuditors();
  // Opened from a due audit (issue 19): its restaurant and templates are filled in.
  const dueId = useSearchParams()[0].get('due');
  const due = useDueEntry(dueId);
  const queries = dueId ? [restaurants, templates, auditors, due] : [restaurants, templates, auditors];
  // The lists load as one: the form waits for all of them; Retry asks again for those that failed.
  const load = {
    data:
      restaurants.data && templates.data && auditors.data
        ? { restaurants: restaurants.data, templates: templates.data, auditors: auditors.data, due: due.data ?? null }
        : undefined,
    error: null,
    isPending: queries.some((query) => query.isPending),
    isFetching: queries.some((query) => query.isFetching),
    refetch: () => {
      for (const query of queries) if (query.isError) void query.refetch();
    },
  };

  return (
    <FormPage
      title={t`New Audit`}
      subtitle={t`Choose where, what and who; the audit starts as a draft.`}
      load={load}
      width={FORM_WIDTH}
      loadingLabel={t`Loading the new audit form`}
      skeletonRows={3}
      loadFailed={i18n._(REQUIRED_DATA_LOAD_FAILED)}
    >
      {(loaded) => <CreateAuditForm {...loaded} />}
    </FormPage>
  );
}

interface Choice {
  id: string;
  name: string;
}

interface CreateAuditFormProps {
  restaurants: readonly Choice[];
  templates: readonly (Choice & { itemCount: number })[];
  auditors: readonly Choice[];
  due: AuditDueEntry | null;
}

function CreateAuditForm({ restaurants, templates, auditors, due }: CreateAuditFormProps) {
  const { t } = useLingui();
  const { text } = useCoreText();
  const itemCount = (count: number) => t({ message: plural(count, { one: '# item', other: '# items' }) });
  const me = useCurrentUser();
  const navigate = useNavigate();
  const create = useCreateAudit();
  const [restaurantId, setRestaurantId] = useState<string | null>(due?.restaurant.id ?? null);
  const [templateIds, setTemplateIds] = useState<string[]>(due?.templates.map((template) => template.id) ?? []);
  // The signed-in hq person audits unless someone else is chosen.
  const [auditorId, setAuditorId] = useState<string | null>(() =>
    auditors.some((auditor) => auditor.id === me.id) ? me.id : null,
  );
  const [incomplete, setIncomplete] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = CreateAudit.safeParse({
      restaurantId: restaurantId ?? '',
      templateIds,
      auditorId: auditorId ?? '',
      dueId: due?.id,
    });
    setIncomplete(!input.success);
    if (!input.success) return;
    create.mutate(input.data, {
      onSuccess: ({ id }) => void navigate(`/audits/${encodeURIComponent(id)}`),
    });
  }

  const serverMessage = create.isError && isApiError(create.error) ? create.error.message : null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={FORM_WIDTH}>
      <form noValidate onSubmit={submit}>
        <Stack>
          {due && (
            <Text size="sm">
              <DueNote name={due.schedule.name} period={formatPeriod(due.periodStart, due.periodEnd)} />
            </Text>
          )}
          <Select
            label={t`Restaurant`}
            placeholder={t`Choose a restaurant`}
            required
            searchable
            nothingFoundMessage={t`No restaurants found`}
            data={restaurants.map((restaurant) => ({ value: restaurant.id, label: restaurant.name }))}
            value={restaurantId}
            onChange={setRestaurantId}
            error={incomplete && !restaurantId}
          />
          <Checkbox.Group
            label={t`Templates`}
            description={t`At least one; their items are audited in this order.`}
            required
            value={templateIds}
            onChange={setTemplateIds}
            error={incomplete && templateIds.length === 0}
          >
            {templates.length === 0 ? (
              <Text size="sm" c="gray.7" mt="xs">
                <Trans>
                  There are no audit templates yet. <Link to="/audit-templates/add">Add a template</Link> first.
                </Trans>
              </Text>
            ) : (
              <Stack gap="xs" mt="xs">
                {templates.map((template) => (
                  <Checkbox
                    key={template.id}
                    value={template.id}
                    label={template.name}
                    description={itemCount(template.itemCount)}
                  />
                ))}
              </Stack>
            )}
          </Checkbox.Group>
          <Select
            label={t`Auditor`}
            placeholder={t`Choose an auditor`}
            required
            searchable
            nothingFoundMessage={t`No auditors found`}
            data={auditors.map((auditor) => ({ value: auditor.id, label: auditor.name }))}
            value={auditorId}
            onChange={setAuditorId}
            error={incomplete && !auditorId}
          />
          {incomplete && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {text(messages.newAuditIncomplete)}
            </Alert>
          )}
          {create.isError && (
            <Alert
              color="red"
              icon={<IconAlertCircle aria-hidden />}
              role="alert"
              title={text(messages.auditCreateFailed)}
            >
              {serverMessage && serverMessage !== messages.auditCreateFailed ? text(serverMessage) : null}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/audits-management">
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t`Creating...` : t`Create Audit`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** A due audit's schedule and period, and what submitting does. */
function DueNote({ name, period }: { name: string; period: string }) {
  return (
    <Trans>
      Conducting the due audit <strong>{name}</strong>, {period}: submitting it completes the due entry.
    </Trans>
  );
}
