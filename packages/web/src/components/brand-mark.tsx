import { Group, Text } from '@mantine/core';

/** The logo: a gold 'B' seal and the word mark 'Mein BUTLER'. */
export function BrandMark({ size = 'md', dark = false }: { size?: 'sm' | 'md' | 'lg'; dark?: boolean }) {
  const seal = { sm: 30, md: 36, lg: 48 }[size];
  return (
    <Group gap={10} wrap="nowrap">
      <svg width={seal} height={seal} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="16" fill="#e0b746" />
        <text
          x="32"
          y="44"
          fontFamily="Georgia, serif"
          fontSize="36"
          fontWeight="700"
          textAnchor="middle"
          fill="#1c3d5a"
        >
          B
        </text>
      </svg>
      <Text
        component="span"
        ff="Georgia, 'Times New Roman', serif"
        fw={600}
        fz={{ sm: 17, md: 20, lg: 28 }[size]}
        c={dark ? 'navy.9' : 'white'}
        style={{ letterSpacing: '0.04em', whiteSpace: 'nowrap' }}
      >
        Mein <b>BUTLER</b>
      </Text>
    </Group>
  );
}
