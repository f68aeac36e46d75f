import {
  accentColorProblem,
  contrastRatio,
  DEFAULT_ACCENT,
  HEADER_NAVY,
  normalizeHex,
} from '@butler/contract/brand-colors';
import { Box, ColorInput, Group, Stack, Text } from '@mantine/core';

/**
 * The accent colour with its contrast on the dark header, computed as it is typed
 * (decision 0635); the server refuses what this shows as too weak.
 */
export function AccentField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const hex = normalizeHex(value);
  const shown = hex ?? DEFAULT_ACCENT;
  const ratio = contrastRatio(shown, HEADER_NAVY);
  const problem = value.trim() === '' ? null : accentColorProblem(value);
  return (
    <Stack gap="xs">
      <ColorInput
        label="Akzentfarbe"
        description="Für Logo-Siegel, hervorgehobene Schaltflächen im Kopfbereich und die Anmeldeseite. Leer: das Gold des Portals."
        placeholder={DEFAULT_ACCENT}
        format="hex"
        withEyeDropper={false}
        swatches={['#e0b746', '#f4a261', '#8ecae6', '#90be6d', '#f28482', '#cdb4db']}
        value={value}
        onChange={onChange}
        error={error ?? problem ?? undefined}
        maw={360}
      />
      <Group gap="sm" wrap="nowrap" data-testid="accent-preview">
        <Box
          px="md"
          py={6}
          style={{ background: HEADER_NAVY, borderRadius: 8, display: 'flex', gap: 10, alignItems: 'center' }}
        >
          <Box w={22} h={22} style={{ background: shown, borderRadius: 6 }} aria-hidden />
          <Text fw={700} size="sm" style={{ color: shown }}>
            Vorschau
          </Text>
        </Box>
        <Text size="sm" c={problem ? 'red.9' : 'dimmed'}>
          Kontrast zum Kopfbereich {ratio.toFixed(1).replace('.', ',')}:1{' '}
          {ratio >= 4.5 ? '(ausreichend)' : '(zu wenig)'}
        </Text>
      </Group>
    </Stack>
  );
}
