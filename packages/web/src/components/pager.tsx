import { Group, Pagination, Text } from '@mantine/core';

/** Page control under a server-paged list; hidden when everything fits on one page. */
export function Pager({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="xs">
      <Text size="sm" c="dimmed">
        {from}–{to} von {total}
      </Text>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        size="sm"
        siblings={0}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Vorherige Seite' : control === 'next' ? 'Nächste Seite' : control,
        })}
      />
    </Group>
  );
}
