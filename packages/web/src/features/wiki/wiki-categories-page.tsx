import type { WikiCategory } from '@butler/contract/wiki';
import { ActionIcon, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  IconArrowLeft,
  IconFiles,
  IconLock,
  IconPencil,
  IconPlus,
  IconTrash,
  IconUserShield,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/permissions';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { EmptyState, ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { useDeleteCategory, useWikiCategories } from './api/wiki';
import { CategoryDialog } from './components/category-dialog';

function CategoryCard({
  category,
  onEdit,
  onDelete,
}: {
  category: WikiCategory;
  /** Absent for who may not manage categories. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <Card padding="lg" data-testid="wiki-category" component="article" aria-label={category.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Text fz={32} lh={1} aria-hidden>
              {category.icon}
            </Text>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {category.name}
            </Title>
          </Group>
          {onEdit && onDelete && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label="Bearbeiten">
                <ActionIcon variant="subtle" aria-label={`Kategorie ${category.name} bearbeiten`} onClick={onEdit}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Löschen">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Kategorie ${category.name} löschen`}
                  onClick={onDelete}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        <Text size="sm" c={category.description ? undefined : 'dimmed'} style={{ flexGrow: 1 }}>
          {category.description || 'Keine Beschreibung'}
        </Text>
        <Group gap={6}>
          {category.allows_encryption && (
            <Badge variant="light" color="navy" leftSection={<IconLock size={12} aria-hidden />}>
              Verschlüsselung
            </Badge>
          )}
          {category.allows_files && (
            <Badge variant="light" color="teal" leftSection={<IconFiles size={12} aria-hidden />}>
              Datei-Upload
            </Badge>
          )}
          {category.butler_may_reveal && (
            <Badge variant="light" color="orange" leftSection={<IconUserShield size={12} aria-hidden />}>
              Butler: Passwörter sichtbar
            </Badge>
          )}
          {!category.allows_encryption && !category.allows_files && (
            <Badge variant="outline" color="gray">
              Nur Text
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** /admin/wiki/categories: cards with create, edit and delete (SPEC §2). */
export function WikiCategoriesPage() {
  const categories = useWikiCategories();
  const remove = useDeleteCategory();
  const manage = useCan()('wiki.categories.write');
  const [editing, setEditing] = useState<WikiCategory | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [toDelete, setToDelete] = useState<WikiCategory | null>(null);
  const openDialog = (category: WikiCategory | null) => {
    setEditing(category);
    setDialogOpen(true);
  };

  const body = () => {
    if (categories.isPending) return <PageLoader text="Lade Kategorien..." />;
    if (categories.isError) {
      return (
        <ErrorState
          text={errorText(categories.error, 'Fehler beim Laden der Kategorie')}
          onRetry={() => categories.refetch()}
        />
      );
    }
    if (categories.data.length === 0) {
      return (
        <Card>
          <EmptyState
            text="Noch keine Kategorien vorhanden."
            action={
              manage && (
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openDialog(null)}>
                  Erste Kategorie anlegen
                </Button>
              )
            }
          />
        </Card>
      );
    }
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {categories.data.map((category) => (
          <CategoryCard
            key={category.id}
            category={category}
            onEdit={manage ? () => openDialog(category) : undefined}
            onDelete={manage ? () => setToDelete(category) : undefined}
          />
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/wiki" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Zurück zum Wiki
        </Group>
      </Anchor>
      <PageHeader
        title="Kategorien"
        subtitle="Ordnen Sie das Wiki: Verschlüsselung für Zugangsdaten, Datei-Upload für Unterlagen."
        actions={
          manage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openDialog(null)}>
              Neue Kategorie
            </Button>
          )
        }
      />
      {body()}
      <CategoryDialog opened={dialogOpen} category={editing} onClose={() => setDialogOpen(false)} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Kategorie löschen"
        message={`Sind Sie sicher, dass Sie die Kategorie "${toDelete?.name ?? ''}" löschen möchten? Alle Einträge dieser Kategorie – bei allen Kunden – und ihre Dateien werden ebenfalls endgültig gelöscht.`}
        errorFallback="Fehler beim Löschen der Kategorie"
        onClose={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          await remove.mutateAsync(toDelete.id);
          notifySuccess('Kategorie erfolgreich gelöscht');
        }}
      />
    </Stack>
  );
}
