import type { WikiCategory, WikiEntry } from '@butler/contract/wiki';
import { Button, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../app/permissions';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ErrorState } from '../../../components/states';
import { notifySuccess } from '../../../lib/notify';
import { useCategoryCounts, useDeleteEntry, useWikiEntries } from '../api/wiki';
import { CategoryNav } from './category-nav';
import { EntryCard } from './entry-card';

/** The chosen customer's wiki: category sidebar with counts and the category's entries. */
export function CustomerWiki({
  customerId,
  categories,
  categoryId,
  onSelectCategory,
  onAdd,
  onEdit,
  openedEntryId = null,
}: {
  customerId: number;
  categories: WikiCategory[];
  categoryId: number | null;
  onSelectCategory: (id: number) => void;
  onAdd: () => void;
  onEdit: (entry: WikiEntry) => void;
  /** The entry a search hit opened. */
  openedEntryId?: number | null;
}) {
  const counts = useCategoryCounts(customerId);
  const entries = useWikiEntries(customerId, categoryId);
  const remove = useDeleteEntry();
  const [toDelete, setToDelete] = useState<WikiEntry | null>(null);
  const category = categories.find((c) => c.id === categoryId);
  const can = useCan();
  const mayWrite = can('wiki.write');
  // The Inhaber (and a granted Büro) everywhere, a Butler where the category allows it (decision 0540).
  const mayReveal = (entry: WikiEntry) =>
    can('wiki.secret.reveal') ||
    (can('wiki.secret.reveal_allowed') && !!categories.find((c) => c.id === entry.category_id)?.butler_may_reveal);

  if (categories.length === 0) {
    return (
      <Card>
        <EmptyState text="Noch keine Kategorien vorhanden. Legen Sie zuerst eine Kategorie an." />
      </Card>
    );
  }

  const body = () => {
    if (entries.isPending) {
      return (
        <Stack>
          <Skeleton h={120} radius="lg" />
          <Skeleton h={120} radius="lg" />
        </Stack>
      );
    }
    if (entries.isError) {
      return <ErrorState text="Fehler beim Laden der Wiki-Einträge" onRetry={() => entries.refetch()} />;
    }
    if (entries.data.length === 0) {
      return (
        <Card>
          <EmptyState
            text={`Noch keine Einträge in „${category?.name ?? ''}“.`}
            action={
              mayWrite && (
                <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
                  Ersten Eintrag anlegen
                </Button>
              )
            }
          />
        </Card>
      );
    }
    return (
      <Stack gap="md">
        {entries.data.map((entry) => (
          <EntryCard
            key={entry.id}
            entry={entry}
            mayReveal={mayReveal(entry)}
            opened={entry.id === openedEntryId}
            onEdit={mayWrite ? () => onEdit(entry) : undefined}
            onDelete={mayWrite ? () => setToDelete(entry) : undefined}
          />
        ))}
      </Stack>
    );
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
        <CategoryNav
          categories={categories}
          counts={counts.data ?? []}
          selected={categoryId}
          onSelect={onSelectCategory}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
        <Stack gap="md" component="section" aria-label={category ? `Einträge in ${category.name}` : 'Einträge'}>
          <Group justify="space-between" gap="xs">
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Text fz={24} aria-hidden>
                {category?.icon}
              </Text>
              <Stack gap={0} miw={0}>
                <Text component="h2" fw={600} fz="lg" ff="heading" m={0} truncate>
                  {category?.name}
                </Text>
                {category?.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {category.description}
                  </Text>
                )}
              </Stack>
            </Group>
            {mayWrite && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
                Neuer Eintrag
              </Button>
            )}
          </Group>
          {body()}
        </Stack>
      </Grid.Col>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Eintrag löschen"
        message={
          toDelete && toDelete.files.length > 0
            ? `Sind Sie sicher, dass Sie den Eintrag "${toDelete.title}" löschen möchten? Seine ${toDelete.files.length} Datei(en) werden ebenfalls gelöscht.`
            : `Sind Sie sicher, dass Sie den Eintrag "${toDelete?.title ?? ''}" löschen möchten?`
        }
        errorFallback="Fehler beim Löschen des Eintrags"
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          notifySuccess('Wiki-Eintrag erfolgreich gelöscht');
        }}
      />
    </Grid>
  );
}
