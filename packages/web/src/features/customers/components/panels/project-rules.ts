import type { Project } from '@butler/contract/projects';

export type ProjectValues = { name: string; description: string; customer: number | null; active: boolean };

export const projectStart = (project: Project | null, customerId: number | undefined): ProjectValues => ({
  name: project?.name ?? '',
  description: project?.description ?? '',
  customer: project?.customer_id ?? customerId ?? null,
  active: project?.is_active ?? true,
});

/** SPEC §5: a project needs a name (the texts of create and edit differ) and a customer. */
export function projectProblems(v: ProjectValues, editing: boolean): Partial<Record<keyof ProjectValues, string>> {
  const problems: Partial<Record<keyof ProjectValues, string>> = {};
  if (!v.name.trim())
    problems.name = editing ? 'Projektname ist erforderlich' : 'Bitte geben Sie einen Projektnamen ein';
  if (!v.customer) problems.customer = 'Bitte wählen Sie einen Kunden aus';
  return problems;
}
