import { Group, Image, Text } from '@mantine/core';
import { DEFAULT_BRAND_NAME, useBrand } from '../lib/brand';

/**
 * The owner's brand (decision 0635): their logo, or a seal with their initial in their
 * accent colour, and their company name; the portal's gold 'B' and 'Mein BUTLER' until set.
 * The data-brand-* marks let the server put the current brand into the pre-rendered login
 * pages (server lib/brand-page.ts), so they are right before this code has loaded.
 */
export function BrandMark({ size = 'md', dark = false }: { size?: 'sm' | 'md' | 'lg'; dark?: boolean }) {
  const brand = useBrand();
  const seal = { sm: 30, md: 36, lg: 48 }[size];
  const name = brand.name ?? DEFAULT_BRAND_NAME;
  // The portal's seal says 'B' (for BUTLER); an owner's says their initial.
  const initial = brand.name ? brand.name.trim().charAt(0).toUpperCase() : 'B';
  // On a phone's top bar a long company name would be squeezed beside the buttons: the
  // seal or logo stands for it there (the link around it is named after the company).
  const showName = size !== 'sm' || name.length <= 14;
  return (
    <Group gap={10} wrap="nowrap" miw={0} maw="100%">
      {brand.logo_url ? (
        <Image
          src={brand.logo_url}
          alt=""
          h={seal}
          w="auto"
          maw={seal * 4}
          fit="contain"
          style={{ flexShrink: 0 }}
          data-brand-logo
        />
      ) : (
        <svg
          width={seal}
          height={seal}
          viewBox="0 0 64 64"
          aria-hidden="true"
          data-brand-seal={seal}
          style={{ flexShrink: 0 }}
        >
          <rect width="64" height="64" rx="16" style={{ fill: 'var(--brand-accent, #e0b746)' }} />
          <text
            x="32"
            y="44"
            fontFamily="Georgia, serif"
            fontSize="36"
            fontWeight="700"
            textAnchor="middle"
            fill="#1c3d5a"
            data-brand-initial
          >
            {initial}
          </text>
        </svg>
      )}
      {showName && (
        <Text
          component="span"
          ff="Georgia, 'Times New Roman', serif"
          fw={700}
          fz={{ sm: 15, md: 20, lg: 28 }[size]}
          c={dark ? 'navy.9' : 'white'}
          // A long company name wraps (never cut: UI.md, no text clipped), in the header too.
          style={{
            letterSpacing: size === 'lg' ? '0.04em' : '0.02em',
            minWidth: 0,
            lineHeight: size === 'lg' ? 1.2 : 1.1,
            overflowWrap: 'anywhere' as const,
          }}
          data-brand-name
        >
          {name}
        </Text>
      )}
    </Group>
  );
}
