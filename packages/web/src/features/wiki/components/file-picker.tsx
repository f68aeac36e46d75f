import { FileInput, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

/** Several files at once; each is uploaded on its own after the entry is saved. */
export function FilePicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  return (
    <Stack gap={4}>
      <FileInput
        label="Dateien hinzufügen"
        description="Mehrere Dateien möglich"
        placeholder="Dateien auswählen"
        multiple
        clearable
        value={files}
        onChange={onChange}
        leftSection={<IconPaperclip size={18} aria-hidden />}
        valueComponent={({ value }) => {
          const count = Array.isArray(value) ? value.length : value ? 1 : 0;
          return <span>{count} Datei(en) ausgewählt</span>;
        }}
      />
      {files.length > 0 && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="picked-files">
          {files.map((file) => file.name).join(', ')}
        </Text>
      )}
    </Stack>
  );
}
