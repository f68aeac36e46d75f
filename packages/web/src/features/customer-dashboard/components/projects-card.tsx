import type { CustomerDashboard } from '@butler/contract/dashboard';
import { Badge, Box, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';

/** 'Aktuelle Projekte': the customer's active projects, each marked 'Aktiv'. */
export function ProjectsCard({ projects }: { projects: CustomerDashboard['projects'] }) {
  if (projects.length === 0) return null;
  return (
    <Card component="section" aria-label="Aktuelle Projekte">
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" color="navy" size={40} radius="xl">
          <IconBriefcase size={22} aria-hidden />
        </ThemeIcon>
        <Text component="h2" fw={600} fz="lg" ff="heading" c="navy.9" m={0}>
          Aktuelle Projekte
        </Text>
      </Group>
      <Stack gap={0}>
        {projects.map((project, index) => (
          <Group
            key={project.id}
            justify="space-between"
            wrap="nowrap"
            gap="md"
            py="sm"
            align="flex-start"
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
          >
            <Box miw={0}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {project.name}
              </Text>
              {project.description && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {project.description}
                </Text>
              )}
            </Box>
            <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
              Aktiv
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
