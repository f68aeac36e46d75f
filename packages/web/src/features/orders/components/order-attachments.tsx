import { ORDER_ATTACHMENT_TYPES, ORDER_LIMITS, type OrderAttachment } from '@butler/contract/orders';
import { ActionIcon, Anchor, Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconPaperclip, IconPhoto, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { apiDownload } from '../../../lib/api-client';
import { formatDecimal } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';

const MB = 1024 * 1024;
export const ATTACHMENT_LIMITS_TEXT = `Fotos (JPEG, PNG) oder PDF, bis zu ${ORDER_LIMITS.attachmentsPerOrder} Dateien, je höchstens ${ORDER_LIMITS.attachmentBytes / MB} MB.`;

const fileSize = (bytes: number) =>
  bytes >= MB
    ? `${formatDecimal(Math.round((bytes / MB) * 10) / 10)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Why a chosen file cannot go (German), or null. Type and size are checked again by the server. */
export function attachmentProblem(file: Pick<File, 'name' | 'type' | 'size'>, already: number): string | null {
  if (!(ORDER_ATTACHMENT_TYPES as readonly string[]).includes(file.type))
    return `„${file.name}“: nur Fotos (JPEG, PNG) oder PDF.`;
  if (file.size > ORDER_LIMITS.attachmentBytes)
    return `„${file.name}“ ist größer als ${ORDER_LIMITS.attachmentBytes / MB} MB.`;
  if (already >= ORDER_LIMITS.attachmentsPerOrder)
    return `Höchstens ${ORDER_LIMITS.attachmentsPerOrder} Dateien pro Auftrag.`;
  return null;
}

/** Adds the acceptable files of a choice to `current`, saying once what was left out. */
export function addFiles(current: File[], chosen: File[], existing = 0): File[] {
  const next = [...current];
  for (const file of chosen) {
    const problem = attachmentProblem(file, existing + next.length);
    if (problem) notifyError(problem);
    else next.push(file);
  }
  return next;
}

function LocalPreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Paper withBorder p={6} radius="md" w={112} pos="relative" data-testid="attachment-preview">
      {url ? (
        <Image src={url} alt={file.name} h={72} fit="cover" radius="sm" />
      ) : (
        <Stack h={72} align="center" justify="center">
          <IconFileTypePdf size={36} color="var(--mantine-color-red-7)" aria-hidden />
        </Stack>
      )}
      <Text size="xs" truncate mt={4}>
        {file.name}
      </Text>
      <Text size="xs" c="dimmed">
        {fileSize(file.size)}
      </Text>
      <ActionIcon
        size="sm"
        variant="filled"
        color="gray"
        radius="xl"
        pos="absolute"
        top={2}
        right={2}
        aria-label={`${file.name} entfernen`}
        onClick={onRemove}
      >
        <IconX size={14} />
      </ActionIcon>
    </Paper>
  );
}

/**
 * Files chosen for an Auftrag before they are sent: previews with "entfernen", the limits in
 * German. Phones offer the camera (accept image/*) beside the files.
 */
export function AttachmentPicker({
  files,
  onChange,
  existing = 0,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  existing?: number;
}) {
  const full = existing + files.length >= ORDER_LIMITS.attachmentsPerOrder;
  return (
    <Stack gap={6}>
      <div>
        <Input.Label>Fotos und Dokumente</Input.Label>
        <Input.Description>{ATTACHMENT_LIMITS_TEXT}</Input.Description>
      </div>
      {files.length > 0 && (
        <Group gap="xs">
          {files.map((file, index) => (
            <LocalPreview
              key={`${file.name}-${file.size}-${file.lastModified}`}
              file={file}
              onRemove={() => onChange(files.filter((_, i) => i !== index))}
            />
          ))}
        </Group>
      )}
      <Group gap="xs">
        <FileButton
          multiple
          accept="image/*,application/pdf"
          onChange={(chosen) => onChange(addFiles(files, chosen, existing))}
        >
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPaperclip size={16} aria-hidden />} disabled={full}>
              Datei oder Foto hinzufügen
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}

function RemoteThumb({ orderId, attachment }: { orderId: number; attachment: OrderAttachment }) {
  const image = attachment.content_type.startsWith('image/');
  const blob = useQuery({
    queryKey: ['orders', 'attachment', orderId, attachment.id],
    queryFn: () => apiDownload(`/api/orders/${orderId}/attachments/${attachment.id}`),
    enabled: image,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const open = async () => {
    try {
      const data = blob.data ?? (await apiDownload(`/api/orders/${orderId}/attachments/${attachment.id}`));
      const href = URL.createObjectURL(data);
      window.open(href, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(href), 60_000);
    } catch {
      notifyError('Die Datei konnte nicht geladen werden.');
    }
  };
  return (
    <Paper withBorder p={6} radius="md" w={112} data-testid="order-attachment">
      <Anchor component="button" type="button" onClick={open} aria-label={`${attachment.file_name} öffnen`} w="100%">
        {image && url ? (
          <Image src={url} alt={attachment.file_name} h={72} fit="cover" radius="sm" />
        ) : (
          <Stack h={72} align="center" justify="center">
            {image ? (
              <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
            ) : (
              <IconFileTypePdf size={36} color="var(--mantine-color-red-7)" aria-hidden />
            )}
          </Stack>
        )}
      </Anchor>
      <Text size="xs" truncate mt={4} title={attachment.file_name}>
        {attachment.file_name}
      </Text>
      <Text size="xs" c="dimmed">
        {fileSize(attachment.size_bytes)}
      </Text>
    </Paper>
  );
}

/** "Fotos und Dokumente": the files filed with the Auftrag itself (not with a message); nothing without any. */
export function OrderFiles({ orderId, attachments }: { orderId: number; attachments: OrderAttachment[] }) {
  const files = attachments.filter((a) => a.message_id === null);
  if (files.length === 0) return null;
  return (
    <Stack gap={4} mt="sm">
      <Text size="sm" fw={500}>
        Fotos und Dokumente
      </Text>
      <AttachmentList orderId={orderId} attachments={files} />
    </Stack>
  );
}

/** The files of an Auftrag (or of one message): image thumbnails, PDFs as an icon; a tap opens the file. */
export function AttachmentList({ orderId, attachments }: { orderId: number; attachments: OrderAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <Group gap="xs">
      {attachments.map((a) => (
        <RemoteThumb key={a.id} orderId={orderId} attachment={a} />
      ))}
    </Group>
  );
}
