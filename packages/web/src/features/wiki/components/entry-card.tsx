import type { WikiEntry } from '@butler/contract/wiki';
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconExternalLink, IconLock, IconPencil, IconTrash, IconWorld } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatDate } from '../../../lib/format';
import { FileList } from './file-list';
import { HtmlContent } from './html-content';
import { SecretFields } from './secret-fields';
import classes from './wiki.module.css';

/**
 * One wiki entry in the list: content or secrets, link, files, edit and delete (absent
 * for who may not change the wiki; `mayReveal`: whether the role may show its secrets).
 */
export function EntryCard({
  entry,
  mayReveal,
  onEdit,
  onDelete,
  opened = false,
}: {
  entry: WikiEntry;
  mayReveal: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Opened from a search hit (…&entry=id): scrolled into view, focused and marked. */
  opened?: boolean;
}) {
  const changed = entry.updated_by ?? entry.created_by;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!opened) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus({ preventScroll: true });
  }, [opened]);
  return (
    <Card
      ref={ref}
      padding="md"
      data-testid="wiki-entry"
      aria-label={entry.title}
      aria-current={opened ? 'true' : undefined}
      tabIndex={opened ? -1 : undefined}
      className={opened ? classes.opened : undefined}
      component="article"
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={4} miw={0}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {entry.title}
            </Title>
            <Group gap={6}>
              {entry.is_password_entry && (
                <Badge size="sm" variant="light" color="gray" leftSection={<IconLock size={12} aria-hidden />}>
                  Verschlüsselt
                </Badge>
              )}
              {entry.is_featured && (
                <Badge size="sm" variant="light" color="teal" leftSection={<IconWorld size={12} aria-hidden />}>
                  Öffentlich
                </Badge>
              )}
              {entry.project_reference_id !== null && (
                <Badge size="sm" variant="light" color="navy">
                  Mit Projekt verknüpft
                </Badge>
              )}
            </Group>
          </Stack>
          {onEdit && onDelete && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label="Bearbeiten">
                <ActionIcon variant="subtle" aria-label={`${entry.title} bearbeiten`} onClick={onEdit}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Löschen">
                <ActionIcon variant="subtle" color="red" aria-label={`${entry.title} löschen`} onClick={onDelete}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>

        {entry.is_password_entry ? (
          <SecretFields entry={entry} mayReveal={mayReveal} />
        ) : (
          <HtmlContent html={entry.content ?? ''} />
        )}

        {entry.external_link && (
          <Anchor
            href={entry.external_link}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
          >
            <Group gap={4} wrap="nowrap" component="span">
              <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
              {entry.external_link}
            </Group>
          </Anchor>
        )}

        <FileList files={entry.files} />

        <Text size="xs" c="dimmed">
          {entry.updated_by ? 'Aktualisiert' : 'Erstellt'} am {formatDate(entry.updated_at)} von {changed}
        </Text>
      </Stack>
    </Card>
  );
}
