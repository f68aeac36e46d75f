import type { WikiCategory, WikiCategoryCount } from '@butler/contract/wiki';
import { Badge, Card, NavLink, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Category sidebar with entry counts; a compact select on phones (nothing scrolls sideways). */
export function CategoryNav({
  categories,
  counts,
  selected,
  onSelect,
}: {
  categories: WikiCategory[];
  counts: WikiCategoryCount[];
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)');
  const countOf = (id: number) => counts.find((c) => c.category_id === id)?.entry_count ?? 0;
  if (phone) {
    return (
      <Select
        label="Kategorie"
        data={categories.map((c) => ({ value: String(c.id), label: `${c.icon} ${c.name} (${countOf(c.id)})` }))}
        value={selected ? String(selected) : null}
        onChange={(id) => id && onSelect(Number(id))}
        allowDeselect={false}
      />
    );
  }
  return (
    <Card padding="xs" component="nav" aria-label="Kategorien">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4} pb={6}>
        Kategorien
      </Text>
      <Stack gap={2}>
        {categories.map((category) => {
          const count = countOf(category.id);
          return (
            <NavLink
              key={category.id}
              component="button"
              type="button"
              active={category.id === selected}
              aria-current={category.id === selected ? 'page' : undefined}
              onClick={() => onSelect(category.id)}
              label={category.name}
              leftSection={
                <Text span aria-hidden fz="lg">
                  {category.icon}
                </Text>
              }
              rightSection={
                <Badge
                  size="sm"
                  variant={count > 0 ? 'light' : 'outline'}
                  color={count > 0 ? 'navy' : 'gray'}
                  aria-label={`${count} Einträge`}
                >
                  {count}
                </Badge>
              }
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          );
        })}
      </Stack>
    </Card>
  );
}
