import { WIKI_SEARCH_MIN_LENGTH, type WikiEntry } from '@butler/contract/wiki';
import { Card, CloseButton, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ErrorState } from '../../../components/states';
import { errorText } from '../../../lib/api-client';
import { useWikiSearch } from '../api/wiki';
import classes from './wiki.module.css';

/** Search over titles, contents, customer and category names, from 2 characters (SPEC §5). */
export function WikiSearch({
  value,
  onChange,
  onOpen,
}: {
  value: string;
  onChange: (value: string) => void;
  onOpen: (entry: WikiEntry) => void;
}) {
  const [term] = useDebouncedValue(value.trim(), 250);
  const search = useWikiSearch(term);
  const active = term.length >= WIKI_SEARCH_MIN_LENGTH;
  return (
    <Stack gap="sm">
      <TextInput
        aria-label="Wiki durchsuchen"
        placeholder="Wiki durchsuchen (ab 2 Zeichen)..."
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={
          search.isFetching ? (
            <Loader size="xs" aria-label="Suche läuft" />
          ) : value ? (
            <CloseButton aria-label="Suche leeren" onClick={() => onChange('')} />
          ) : null
        }
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        type="search"
      />
      {value.trim().length > 0 && value.trim().length < WIKI_SEARCH_MIN_LENGTH && (
        <Text size="sm" c="dimmed">
          Bitte geben Sie mindestens 2 Zeichen ein.
        </Text>
      )}
      {active && search.isError && (
        <ErrorState
          text={errorText(search.error, 'Fehler beim Laden der Wiki-Einträge')}
          onRetry={() => search.refetch()}
        />
      )}
      {active && search.data && (
        <Card padding="xs" component="section" aria-label="Suchergebnisse">
          <Text size="xs" c="dimmed" px="sm" py={4}>
            {search.data.length === 0 ? `Keine Treffer für "${term}"` : `${search.data.length} Treffer für "${term}"`}
          </Text>
          <Stack gap={0}>
            {search.data.map((entry) => (
              <UnstyledButton
                key={entry.id}
                onClick={() => onOpen(entry)}
                px="sm"
                py="xs"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                className={classes.hit}
                data-testid="wiki-search-hit"
              >
                <Group gap="sm" wrap="nowrap">
                  <Text fz="lg" aria-hidden>
                    {entry.category_icon}
                  </Text>
                  <Stack gap={0} miw={0}>
                    <Text fw={500} truncate>
                      {entry.title}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {entry.customer_name} · {entry.category_name}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
