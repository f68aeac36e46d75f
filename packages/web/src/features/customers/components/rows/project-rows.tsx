import type { Project } from '@butler/contract/projects';
import { useCan } from '../../../../app/permissions';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { notifySuccess } from '../../../../lib/notify';
import { useDeleteProject } from '../../api/projects';
import { ProjectFormDialog } from '../panels/project-form-dialog';
import { useRowDialogs } from './use-row-dialogs';

/** Edit and delete of a project, for every list of projects. */
export function useProjectRows(customerId?: number) {
  const remove = useDeleteProject();
  const can = useCan();
  const rows = useRowDialogs<Project>({
    edit: (p) => `Projekt ${p.name} bearbeiten`,
    remove: (p) => `Projekt ${p.name} löschen`,
    mayEdit: () => can('projects.write'),
    mayDelete: () => can('projects.delete'),
  });
  const deleting = rows.deleting;
  const dialogs = (
    <>
      <ProjectFormDialog
        opened={rows.editing !== null}
        project={rows.editing?.row ?? null}
        customerId={customerId}
        onClose={rows.closeEdit}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Projekt löschen"
        message={`Sind Sie sicher, dass Sie das Projekt „${deleting?.name}“ löschen möchten? Projekte mit gebuchten Zeiteinträgen können nicht gelöscht werden.`}
        errorFallback="Fehler beim Löschen des Projekts"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notifySuccess('Projekt erfolgreich gelöscht');
        }}
        onClose={rows.closeDelete}
      />
    </>
  );
  return { actions: rows.actions, create: rows.create, mayCreate: can('projects.write'), dialogs };
}
