/**
 * The Apple store, as the catalog submits in-app purchases to it (dashboard spec §7 …/iaps/add).
 * A port: the routes call `AppleStore`, a driver does the work. Only the embedded driver exists: it
 * records each submission and its state in the catalog database (iap_submissions), in the caller's
 * transaction, so a refused or failed submission leaves nothing. A driver talking to App Store
 * Connect would implement the same interface and be chosen by `appleStoreFor`.
 */
import type { IapSubmission } from '@inkwell/contracts/dashboard-products';
import type { Queryable } from '@inkwell/platform';

export type IapItemKind = IapSubmission['itemKind'];

export interface IapItem {
  kind: IapItemKind;
  id: number;
  title: string;
  description: string;
  /** Price in cents of the purchase, as the store should list it. */
  priceCents: number;
}

export interface AppleStore {
  readonly driver: string;
  /** Submits the item; `tx` is the transaction the submission is recorded in. */
  submit(tx: Queryable, item: IapItem, submittedBy: string): Promise<IapSubmission>;
  /** Submissions of one item, newest first. */
  submissions(db: Queryable, kind: IapItemKind, id: number): Promise<IapSubmission[]>;
}

/** The identifier the store knows the purchase by; stable per item so a resubmission updates it. */
export function productIdentifier(kind: IapItemKind, id: number): string {
  return `com.inkwell.${kind}.${id}`;
}

interface SubmissionRow {
  id: string;
  item_kind: IapItemKind;
  item_id: string;
  product_identifier: string;
  state: IapSubmission['state'];
  driver: string;
  submitted_by: string;
  submitted_at: Date;
}

function view(row: SubmissionRow): IapSubmission {
  return {
    id: Number(row.id),
    itemKind: row.item_kind,
    itemId: Number(row.item_id),
    productIdentifier: row.product_identifier,
    state: row.state,
    driver: row.driver,
    submittedBy: row.submitted_by,
    submittedAt: row.submitted_at.toISOString(),
  };
}

/** Records submissions in the catalog database; nothing leaves the machine. */
export class EmbeddedAppleStore implements AppleStore {
  readonly driver = 'embedded';

  async submit(tx: Queryable, item: IapItem, submittedBy: string): Promise<IapSubmission> {
    const { rows } = await tx.query<SubmissionRow>(
      `INSERT INTO iap_submissions (item_kind, item_id, product_identifier, state, driver, submitted_by)
       VALUES ($1, $2, $3, 'Submitted', $4, $5) RETURNING *`,
      [item.kind, item.id, productIdentifier(item.kind, item.id), this.driver, submittedBy],
    );
    return view(rows[0]!);
  }

  async submissions(db: Queryable, kind: IapItemKind, id: number): Promise<IapSubmission[]> {
    const { rows } = await db.query<SubmissionRow>('SELECT * FROM iap_submissions WHERE item_kind = $1 AND item_id = $2 ORDER BY submitted_at DESC, id DESC', [kind, id]);
    return rows.map(view);
  }
}

export const APPLE_STORE_DRIVERS = ['embedded'] as const;
export type AppleStoreDriver = (typeof APPLE_STORE_DRIVERS)[number];

/** The configured driver; 'embedded' is the default and the only one there is. */
export function appleStoreFor(driver: AppleStoreDriver = 'embedded'): AppleStore {
  switch (driver) {
    case 'embedded':
      return new EmbeddedAppleStore();
  }
}
