import { API_AREAS, type ApiArea, type ApiScope } from '@brigade/core/api-scopes';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Table, Text } from '@mantine/core';
import { AREA_LABELS } from './area-labels';

/**
 * Read and write per area, one row each. Write includes read (as the server decides), so
 * choosing write ticks read and keeps it ticked until write is cleared.
 */
export function ScopePicker({
  value,
  onChange,
  error,
}: {
  value: readonly ApiScope[];
  onChange: (scopes: ApiScope[]) => void;
  error?: string | null;
}) {
  const { t, i18n } = useLingui();
  const has = (scope: ApiScope) => value.includes(scope);
  const set = (area: ApiArea, access: 'read' | 'write', on: boolean) => {
    const others = value.filter((scope) => !scope.startsWith(`${area}:`));
    const read = access === 'read' ? on : on || has(`${area}:read`) || has(`${area}:write`);
    const write = access === 'write' ? on : has(`${area}:write`);
    const mine: ApiScope[] = write ? [`${area}:read`, `${area}:write`] : read ? [`${area}:read`] : [];
    onChange([...others, ...mine]);
  };

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={500} p={0}>
        {t`Scopes`}
      </Text>
      <Text size="xs" c="gray.7" mb={4}>
        {t`Write includes read. Tokens act with head office's reach: every restaurant.`}
      </Text>
      <Table verticalSpacing={4} horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Area`}</Table.Th>
            <Table.Th>{t`Read`}</Table.Th>
            <Table.Th>{t`Write`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {API_AREAS.map((area) => {
            const label = i18n._(AREA_LABELS[area]);
            return (
              <Table.Tr key={area}>
                <Table.Td>{label}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t`${label}: read`}
                    checked={has(`${area}:read`) || has(`${area}:write`)}
                    disabled={has(`${area}:write`)}
                    onChange={(event) => set(area, 'read', event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t`${label}: write`}
                    checked={has(`${area}:write`)}
                    onChange={(event) => set(area, 'write', event.currentTarget.checked)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}
