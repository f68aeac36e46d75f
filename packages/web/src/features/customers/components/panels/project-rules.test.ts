import type { Project } from '@butler/contract/projects';
import { describe, expect, it } from 'vitest';
import { projectProblems, projectStart } from './project-rules';

describe('project dialog rules (SPEC §5)', () => {
  it('starts with the project, or empty and active for the given customer', () => {
    expect(projectStart(null, 3)).toEqual({ name: '', description: '', customer: 3, active: true });
    const project = { id: 1, name: 'Garten', description: 'Hecke', customer_id: 8, is_active: false } as Project;
    expect(projectStart(project, 3)).toEqual({ name: 'Garten', description: 'Hecke', customer: 8, active: false });
  });

  it('needs a name (create and edit say it differently) and a customer', () => {
    const empty = { name: ' ', description: '', customer: null, active: true };
    expect(projectProblems(empty, false)).toEqual({
      name: 'Bitte geben Sie einen Projektnamen ein',
      customer: 'Bitte wählen Sie einen Kunden aus',
    });
    expect(projectProblems({ ...empty, customer: 2 }, true)).toEqual({ name: 'Projektname ist erforderlich' });
    expect(projectProblems({ ...empty, name: 'Garten', customer: 2 }, false)).toEqual({});
  });
});
