import type { zCustomerProjectCreate, zProjectUpdate } from '@butler/contract/projects';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Transaction } from '../../db/executor.js';
import { projects, timeEntries } from '../../db/schema/index.js';
import type { SessionContext } from '../../lib/access.js';
import { writeAudit } from '../../lib/audit.js';
import type { CustomerScope } from '../../lib/customer-scope.js';
import { AppError } from '../../lib/errors.js';
import { lockCustomer } from '../customers/customers.repo.js';
import { findProject, listProjects } from './projects.repo.js';

type CreateInput = z.output<typeof zCustomerProjectCreate>;
type UpdateInput = z.output<typeof zProjectUpdate>;

async function entryCount(tx: Transaction, projectId: number) {
  const [{ n }] = await tx.select({ n: count() }).from(timeEntries).where(eq(timeEntries.projectId, projectId));
  return n;
}

async function loadForUpdate(tx: Transaction, id: number) {
  const [row] = await tx.select().from(projects).where(eq(projects.id, id)).for('update').limit(1);
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return row;
}

/**
 * A new project of a (locked) customer with its audit row, inside the caller's transaction:
 * the project dialog, and "Neues Projekt" in the time-entry dialog (decision 0642).
 */
export async function insertProject(
  tx: Transaction,
  session: SessionContext,
  customerId: number,
  input: { name: string; description?: string | null; is_active?: boolean },
) {
  const [row] = await tx
    .insert(projects)
    .values({ customerId, name: input.name, description: input.description, isActive: input.is_active ?? true })
    .returning();
  await writeAudit(tx, session, 'create', 'project', row.id, null, row);
  return row.id;
}

export function createProjectsService(db: Database) {
  async function present(id: number) {
    const project = await findProject(db, id);
    if (!project) throw new AppError('PROJECT_NOT_FOUND');
    return project;
  }

  return {
    /** One page of the list and the total count. */
    list: (query: Parameters<typeof listProjects>[1], scope: CustomerScope) => listProjects(db, query, scope),

    async create(session: SessionContext, customerId: number, input: CreateInput) {
      const id = await db.transaction(async (tx) => {
        if (!(await lockCustomer(tx, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
        return insertProject(tx, session, customerId, input);
      });
      return present(id);
    },

    async update(session: SessionContext, id: number, input: UpdateInput) {
      await db.transaction(async (tx) => {
        const before = await loadForUpdate(tx, id);
        const customerId = input.customer_id ?? before.customerId;
        if (customerId !== before.customerId) {
          if (!(await lockCustomer(tx, customerId))) throw new AppError('CUSTOMER_NOT_FOUND');
          // Entries belong to the project's customer; moving the project would move their hours.
          if ((await entryCount(tx, id)) > 0) {
            throw new AppError(
              'CONFLICT',
              'Das Projekt hat bereits Zeiteinträge und kann keinem anderen Kunden zugeordnet werden',
            );
          }
        }
        const [after] = await tx
          .update(projects)
          .set({ name: input.name, description: input.description, customerId, isActive: input.is_active })
          .where(eq(projects.id, id))
          .returning();
        await writeAudit(tx, session, 'update', 'project', id, before, after);
      });
      return present(id);
    },

    /** Refused while time entries are booked on it (decision 0101): booked hours must not vanish. */
    async remove(session: SessionContext, id: number) {
      await db.transaction(async (tx) => {
        const before = await loadForUpdate(tx, id);
        const entries = await entryCount(tx, id);
        if (entries > 0) {
          throw new AppError(
            'CONFLICT',
            `Das Projekt kann nicht gelöscht werden, weil ${entries === 1 ? 'ein Zeiteintrag' : `${entries} Zeiteinträge`} darauf gebucht ${entries === 1 ? 'ist' : 'sind'}. Bitte löschen oder verschieben Sie zuerst die Zeiteinträge.`,
          );
        }
        await tx.delete(projects).where(eq(projects.id, id));
        await writeAudit(tx, session, 'delete', 'project', id, before, null);
      });
    },
  };
}
