import { Anchor, Group, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';

/**
 * Projekt of the time-entry dialog: the customer's active projects, or "Neues Projekt" with
 * its name, created with the entry (decision 0642). A customer without a project opens with
 * "Neues Projekt" named "Allgemein", so the first booking needs no detour; a customer with
 * one project has it chosen.
 */
export function TimeEntryProjectField({
  customerChosen,
  options,
  loaded,
  project,
  newProject,
  mayCreate,
  onProject,
  onNewProject,
  projectError,
  newProjectError,
  size,
}: {
  customerChosen: boolean;
  options: { value: string; label: string }[];
  loaded: boolean;
  project: string | null;
  newProject: string | null;
  mayCreate: boolean;
  onProject: (id: string | null) => void;
  onNewProject: (name: string | null) => void;
  projectError: boolean;
  newProjectError: boolean;
  size: 'sm' | 'md';
}) {
  const none = customerChosen && loaded && options.length === 0;
  const only = customerChosen && loaded && options.length === 1 ? options[0].value : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the customer's list arrives (empty, or one project).
  useEffect(() => {
    if (none && mayCreate && newProject === null) onNewProject('Allgemein');
    // A customer with one project: it is the one (one click less).
    if (only && project === null && newProject === null) onProject(only);
  }, [none, mayCreate, only]);

  if (newProject !== null) {
    return (
      <TextInput
        label="Neues Projekt"
        description="Wird mit dem Zeiteintrag angelegt"
        withAsterisk
        size={size}
        value={newProject}
        onChange={(e) => onNewProject(e.currentTarget.value)}
        error={newProjectError}
        rightSectionWidth={options.length > 0 ? 130 : undefined}
        rightSection={
          options.length > 0 ? (
            <Anchor component="button" type="button" size="sm" onClick={() => onNewProject(null)}>
              Bestehendes wählen
            </Anchor>
          ) : undefined
        }
      />
    );
  }
  return (
    <div>
      <Select
        label="Projekt"
        withAsterisk
        size={size}
        placeholder={customerChosen ? 'Projekt wählen' : 'Zuerst einen Kunden wählen'}
        data={options}
        value={project}
        onChange={onProject}
        error={projectError}
        disabled={!customerChosen}
        nothingFoundMessage="Dieser Kunde hat keine aktiven Projekte"
        searchable
        // Required: choosing the chosen project again keeps it (it was preselected for a customer with one).
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {customerChosen && mayCreate && (
        <Group justify="flex-end" mt={4}>
          <Anchor component="button" type="button" size="sm" onClick={() => onNewProject('')}>
            <Group gap={4} wrap="nowrap">
              <IconPlus size={14} aria-hidden />
              Neues Projekt
            </Group>
          </Anchor>
        </Group>
      )}
    </div>
  );
}
