import { Box, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { DEFAULT_BRAND_NAME, useBrand } from '../../lib/brand';
import classes from './login-layout.module.css';

/** Two-column login: brand panel with the tagline, form card; stacked on phones. */
export function LoginLayout({
  eyebrow,
  title,
  tagline,
  children,
}: {
  eyebrow: string;
  title: string;
  tagline: string;
  children: ReactNode;
}) {
  const brand = useBrand();
  return (
    <Box className={classes.page}>
      <Box className={classes.brand}>
        <BrandMark size="lg" />
        <Stack gap="sm" className={classes.claim}>
          <Text
            tt="uppercase"
            fw={600}
            style={{ letterSpacing: '0.12em', color: 'var(--brand-accent, var(--mantine-color-gold-4))' }}
            size="sm"
          >
            {eyebrow}
          </Text>
          <Title order={1} c="white" className={classes.headline}>
            {title}
          </Title>
          <Text c="navy.1" size="lg" maw={420}>
            {tagline}
          </Text>
        </Stack>
        <Text c="navy.3" size="xs" className={classes.footnote}>
          © {new Date().getFullYear()} <span data-brand-name>{brand.name ?? DEFAULT_BRAND_NAME}</span> · Persönliche
          Unterstützung für Alltag und Business
        </Text>
      </Box>
      <Box component="main" className={classes.formSide}>
        <Paper className={classes.card} radius="lg" shadow="md" withBorder>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
