import type { WikiProject } from '@butler/contract/wiki';
import { ActionIcon, Anchor, Badge, Card, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconExternalLink, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../app/permissions';
import { PageHeader } from '../../components/page-header';
import { PageLoader } from '../../components/page-loader';
import { type Column, ResponsiveList } from '../../components/responsive-list';
import { EmptyState, ErrorState } from '../../components/states';
import { errorText } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSetFeatured, useWikiProjects } from './api/projects';
import { EntryDialog } from './components/entry-dialog';
import { FileList } from './components/file-list';

const PROJECT_TEXTS = {
  title: 'Projekt bearbeiten',
  updated: 'Projekt erfolgreich aktualisiert',
  updateError: 'Fehler beim Aktualisieren des Projekts',
};

function FeaturedToggle({ project }: { project: WikiProject }) {
  const toggle = useSetFeatured();
  const mayFeature = useCan()('wiki.projects.feature');
  return (
    <Group gap="xs" wrap="nowrap">
      <Checkbox
        aria-label={`${project.title} öffentlich anzeigen`}
        checked={project.is_featured}
        disabled={toggle.isPending || !mayFeature}
        onChange={async (event) => {
          const isFeatured = event.currentTarget.checked;
          try {
            await toggle.mutateAsync({ id: project.id, isFeatured });
            notifySuccess(isFeatured ? 'Projekt freigegeben' : 'Projekt-Freigabe entfernt');
          } catch (error) {
            notifyError(errorText(error, 'Fehler beim Aktualisieren der Projekt-Freigabe'));
          }
        }}
      />
      <Badge variant="light" color={project.is_featured ? 'teal' : 'gray'}>
        {project.is_featured ? 'Aktiv' : 'Inaktiv'}
      </Badge>
    </Group>
  );
}

/** /admin/projects: every project entry with its public flag, preview, files and edit (SPEC §2). */
export function WikiProjectsPage() {
  const projects = useWikiProjects();
  const [editId, setEditId] = useState<number | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');

  const mayWrite = useCan()('wiki.write');
  const edit = (project: WikiProject) =>
    mayWrite && (
      <Tooltip label="Bearbeiten">
        <ActionIcon variant="subtle" aria-label={`${project.title} bearbeiten`} onClick={() => setEditId(project.id)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );

  const columns: Column<WikiProject>[] = [
    { key: 'featured', label: 'Öffentlich', render: (p) => <FeaturedToggle project={p} /> },
    {
      key: 'title',
      label: 'Projekt',
      hideOnCard: true,
      render: (p) => (
        <Stack gap={0} maw={260}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {p.title}
          </Text>
          <Anchor component={Link} to={`/admin/wiki?customer=${p.customer_id}&category=${p.category_id}`} size="xs">
            {p.customer_name}
          </Anchor>
        </Stack>
      ),
    },
    { key: 'customer', label: 'Kunde', render: (p) => p.customer_name },
    {
      key: 'preview',
      label: 'Inhalt',
      render: (p) => (
        <Text size="sm" c={p.content_preview ? undefined : 'dimmed'} maw={360} style={{ overflowWrap: 'anywhere' }}>
          {p.content_preview || '—'}
        </Text>
      ),
    },
    {
      key: 'files',
      label: 'Dateien',
      render: (p) =>
        p.files.length === 0 && !p.external_link ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Stack gap={4} align="flex-start">
            {p.external_link && (
              <Anchor href={p.external_link} target="_blank" rel="noopener noreferrer" size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconExternalLink size={14} aria-hidden /> Externer Link
                </Group>
              </Anchor>
            )}
            <FileList files={p.files} />
          </Stack>
        ),
    },
    { key: 'actions', label: 'Aktionen', align: 'right', hideOnCard: true, render: edit },
  ];
  // The customer has its own row only on phone cards (on desktop it sits under the title).
  const shown = columns.filter((c) => phone || c.key !== 'customer');

  const body = () => {
    if (projects.isPending) return <PageLoader text="Lade Projekte..." />;
    if (projects.isError) {
      return <ErrorState text="Fehler beim Laden der Projekte" onRetry={() => projects.refetch()} />;
    }
    if (projects.data.length === 0) {
      return (
        <Card>
          <EmptyState text="Noch keine Projekt-Einträge vorhanden. Einträge der Kategorie „Projekte“ erscheinen hier." />
        </Card>
      );
    }
    return (
      <ResponsiveList
        rows={projects.data}
        columns={shown}
        rowKey={(p) => p.id}
        cardTitle={(p) => p.title}
        cardActions={edit}
        caption="Projekte"
      />
    );
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/wiki" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> Zurück zum Wiki
        </Group>
      </Anchor>
      <PageHeader title="Projekte" subtitle="Freigegebene Projekte erscheinen als Referenzen im Kundenbereich." />
      {body()}
      <EntryDialog opened={editId !== null} entryId={editId} texts={PROJECT_TEXTS} onClose={() => setEditId(null)} />
    </Stack>
  );
}
