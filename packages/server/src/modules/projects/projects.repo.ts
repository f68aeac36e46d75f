import type { PageQuery } from '@butler/contract/list-query';
import type { Project } from '@butler/contract/projects';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { customers, projects } from '../../db/schema/index.js';
import { type CustomerScope, scopeWhere } from '../../lib/customer-scope.js';
import { pageBounds } from '../../lib/pagination.js';
import { customerFullName } from '../customers/customers.repo.js';

type ProjectRow = typeof projects.$inferSelect;

export function presentProject(row: ProjectRow, customerName: string): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    customer_id: row.customerId,
    customer_name: customerName,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

const selection = { project: projects, customerName: customerFullName() };

export async function listProjects(db: Database, query: PageQuery & { customer_id?: number }, scope: CustomerScope) {
  const where = and(
    query.customer_id === undefined ? undefined : eq(projects.customerId, query.customer_id),
    scopeWhere(scope, projects.customerId),
  );
  const { limit, offset } = pageBounds(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(selection)
      .from(projects)
      .innerJoin(customers, eq(customers.id, projects.customerId))
      .where(where)
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(projects).where(where),
  ]);
  return { rows: rows.map((r) => presentProject(r.project, r.customerName)), total };
}

export async function findProject(db: Executor, id: number): Promise<Project | null> {
  const [row] = await db
    .select(selection)
    .from(projects)
    .innerJoin(customers, eq(customers.id, projects.customerId))
    .where(eq(projects.id, id))
    .limit(1);
  return row ? presentProject(row.project, row.customerName) : null;
}
