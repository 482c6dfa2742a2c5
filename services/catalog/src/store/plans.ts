import { ConflictError, NotFoundError, type Queryable } from '@inkwell/platform';
import { PLAN_MESSAGES, type Plan, type PlanAlter, type PlanInput, type PlanUnlockable } from '@inkwell/contracts/plans';
import { fieldChanges, recordAudit, type StaffActor } from './audit';

interface PlanRow {
  id: string;
  code: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  billing_interval: 'month' | 'year';
  unlocks_subscription_only: boolean;
  unlocks_paid_or_subscription: boolean;
  desktop_subscription: boolean;
}

const COLUMNS = 'id, code, name, description, price, currency, billing_interval, unlocks_subscription_only, unlocks_paid_or_subscription, desktop_subscription';

function toPlan(row: PlanRow): Plan {
  const unlocks: PlanUnlockable[] = [];
  if (row.unlocks_subscription_only) unlocks.push('SubscriptionOnly');
  if (row.unlocks_paid_or_subscription) unlocks.push('PaidOrSubscription');
  return {
    id: Number(row.id),
    code: row.code,
    name: row.name,
    description: row.description,
    price: Number(row.price),
    currency: row.currency,
    interval: row.billing_interval,
    unlocks,
    isDesktopSubscription: row.desktop_subscription,
  };
}

/** Every plan, cheapest first (the storefront's `/plan` and the staff list alike). */
export async function listPlans(db: Queryable): Promise<Plan[]> {
  const { rows } = await db.query<PlanRow>(`SELECT ${COLUMNS} FROM plans ORDER BY price, name, id`);
  return rows.map(toPlan);
}

export async function loadPlan(db: Queryable, id: number, lock = false): Promise<Plan | undefined> {
  const { rows } = await db.query<PlanRow>(`SELECT ${COLUMNS} FROM plans WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toPlan(rows[0]) : undefined;
}

function values(input: PlanInput) {
  return [
    input.code,
    input.name.trim(),
    (input.description ?? '').trim(),
    input.price,
    input.currency,
    input.interval,
    input.unlocks.includes('SubscriptionOnly'),
    input.unlocks.includes('PaidOrSubscription'),
    input.isDesktopSubscription ?? false,
  ];
}

/** Refuses a code or the desktop flag another plan holds (409), before the unique indexes would. */
async function checkUnique(tx: Queryable, input: PlanInput, exceptId: number | null): Promise<void> {
  const code = await tx.query('SELECT 1 FROM plans WHERE code = $1 AND id IS DISTINCT FROM $2', [input.code, exceptId]);
  if (code.rowCount) throw new ConflictError(PLAN_MESSAGES.codeTaken(input.code));
  if (input.isDesktopSubscription) {
    const desktop = await tx.query<{ name: string }>('SELECT name FROM plans WHERE desktop_subscription AND id IS DISTINCT FROM $1', [exceptId]);
    if (desktop.rows[0]) throw new ConflictError(PLAN_MESSAGES.desktopTaken(desktop.rows[0].name));
  }
}

export async function createPlan(tx: Queryable, actor: StaffActor, input: PlanInput): Promise<Plan> {
  // One plan change at a time: the uniqueness checks above then see every committed plan.
  await tx.query('LOCK TABLE plans IN SHARE ROW EXCLUSIVE MODE');
  await checkUnique(tx, input, null);
  const { rows } = await tx.query<PlanRow>(
    `INSERT INTO plans (code, name, description, price, currency, billing_interval, unlocks_subscription_only, unlocks_paid_or_subscription, desktop_subscription)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
    values(input),
  );
  const plan = toPlan(rows[0]!);
  await recordAudit(tx, { entity: 'plan', entityId: plan.id, action: 'created', actor, changes: fieldChanges({}, plan) });
  return plan;
}

export async function alterPlan(tx: Queryable, actor: StaffActor, input: PlanAlter): Promise<Plan> {
  await tx.query('LOCK TABLE plans IN SHARE ROW EXCLUSIVE MODE');
  const before = await loadPlan(tx, input.id, true);
  if (!before) throw new NotFoundError(PLAN_MESSAGES.notFound);
  await checkUnique(tx, input, input.id);
  const { rows } = await tx.query<PlanRow>(
    `UPDATE plans SET code = $1, name = $2, description = $3, price = $4, currency = $5, billing_interval = $6,
       unlocks_subscription_only = $7, unlocks_paid_or_subscription = $8, desktop_subscription = $9, updated_at = now()
     WHERE id = $10 RETURNING ${COLUMNS}`,
    [...values(input), input.id],
  );
  const plan = toPlan(rows[0]!);
  await recordAudit(tx, { entity: 'plan', entityId: plan.id, action: 'altered', actor, changes: fieldChanges(before, plan) });
  return plan;
}

export async function deletePlan(tx: Queryable, actor: StaffActor, id: number): Promise<void> {
  const before = await loadPlan(tx, id, true);
  if (!before) throw new NotFoundError(PLAN_MESSAGES.notFound);
  await tx.query('DELETE FROM plans WHERE id = $1', [id]);
  await recordAudit(tx, { entity: 'plan', entityId: id, action: 'deleted', actor, changes: fieldChanges(before, {}) });
}
