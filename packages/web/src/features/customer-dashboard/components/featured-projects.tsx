import type { WikiFeaturedProject, WikiFile } from '@butler/contract/wiki';
import { Anchor, Card, Group, Spoiler, Stack, Text, ThemeIcon, Typography } from '@mantine/core';
import { IconAward, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useMemo } from 'react';
import layout from '../../../components/responsive.module.css';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';

/** SPEC §9: the lounge shows 3 featured references, picked at random client-side. */
const SHOWN = 3;

function pickRandom<T>(items: T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

/** Files of featured projects come from their own route (download_url), which needs the token. */
async function download(file: WikiFile) {
  try {
    const href = URL.createObjectURL(await apiDownload(file.download_url));
    const link = document.createElement('a');
    link.href = href;
    link.download = file.original_filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch {
    notifyError('Die Datei konnte nicht heruntergeladen werden.');
  }
}

function Reference({ project }: { project: WikiFeaturedProject }) {
  return (
    <Card padding="md" withBorder shadow="none" bg="gray.0" data-testid="featured-project" component="article">
      <Stack gap="xs">
        <Text fw={600} ff="heading" fz="md" c="navy.9" style={{ overflowWrap: 'anywhere' }}>
          {project.title}
        </Text>
        <Spoiler maxHeight={110} showLabel="Mehr anzeigen" hideLabel="Weniger anzeigen" fz="sm">
          <Typography
            fz="sm"
            style={{ overflowWrap: 'anywhere' }}
            // Safe only because the server sanitises all wiki HTML with an allow-list before
            // storing it (no scripts, handlers, javascript:/data: URLs; wiki/sanitize.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML.
            dangerouslySetInnerHTML={{ __html: project.content }}
          />
        </Spoiler>
        {project.external_link && (
          <Anchor href={project.external_link} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              <IconExternalLink size={14} aria-hidden style={{ flexShrink: 0 }} />
              Projekt ansehen
            </Group>
          </Anchor>
        )}
        {project.files.map((file) => (
          <Anchor
            key={file.id}
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => download(file)}
            aria-label={`${file.original_filename} herunterladen`}
            style={{ overflowWrap: 'anywhere' }}
          >
            <Group gap={4} component="span" wrap="nowrap" align="flex-start">
              <IconDownload size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <span>
                {file.original_filename}{' '}
                <Text span size="xs" c="dimmed">
                  ({file.file_size_formatted})
                </Text>
              </span>
            </Group>
          </Anchor>
        ))}
      </Stack>
    </Card>
  );
}

/** The featured projects (also fetched ahead by the lounge, decision 0413). */
export const featuredProjectsQuery = queryOptions({
  queryKey: ['wiki-featured'],
  queryFn: ({ signal }) => apiRequest<WikiFeaturedProject[]>('/api/wiki/projects/featured', { signal }),
  staleTime: 5 * 60_000,
});

/**
 * Portfolio references of the lounge (SPEC §2): up to 3 random featured wiki projects.
 * Light on purpose (no editor code). A load failure is only logged (SPEC §7 behaviour).
 */
export function FeaturedProjects() {
  const featured = useQuery(featuredProjectsQuery);
  useEffect(() => {
    if (featured.isError) console.error('Referenzen konnten nicht geladen werden', featured.error);
  }, [featured.isError, featured.error]);
  // Chosen once per loaded list, so a re-render does not reshuffle what the customer reads.
  const shown = useMemo(() => pickRandom(featured.data ?? [], SHOWN), [featured.data]);
  if (shown.length === 0) return null;
  return (
    <Card component="section" aria-label="Referenzen">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" color="gold" size={40} radius="xl">
          <IconAward size={22} aria-hidden />
        </ThemeIcon>
        <Stack gap={0}>
          <Text component="h2" fw={600} fz="lg" ff="heading" c="navy.9" m={0}>
            Referenzen
          </Text>
          <Text size="sm" c="dimmed">
            Ausgewählte Projekte aus unserem Alltag
          </Text>
        </Stack>
      </Group>
      <div className={layout.columnsFromMd} style={{ '--columns': Math.min(shown.length, SHOWN) } as CSSProperties}>
        {shown.map((project) => (
          <Reference key={project.id} project={project} />
        ))}
      </div>
    </Card>
  );
}
