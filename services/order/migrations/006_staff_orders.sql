-- Staff work on orders (issue 23): notes, the status timeline, Print shipments, refunds of chosen
-- items, edits of the order record, erasure of the customer's personal data, and the audit trail.

-- What staff may change on an order (dashboard spec §3 Order edit record). The addresses start as
-- the purchase's; an edit writes the order's own copy (null: still the purchase's).
ALTER TABLE orders
  ADD COLUMN customer_name text,
  ADD COLUMN invoice_status_id integer NOT NULL DEFAULT 0 CHECK (invoice_status_id BETWEEN 0 AND 3),
  ADD COLUMN invoice_printed boolean NOT NULL DEFAULT false,
  ADD COLUMN billing_address jsonb,
  ADD COLUMN shipping_address jsonb,
  -- Set when the customer was erased: email, names, addresses and user id replaced (bookkeeping keeps the order).
  ADD COLUMN anonymised_at timestamptz;
ALTER TABLE purchases ADD COLUMN anonymised_at timestamptz;
CREATE INDEX orders_by_date ON orders (order_date DESC, id);
CREATE INDEX orders_by_status ON orders (status, order_date DESC);
CREATE INDEX orders_by_email ON orders (lower(email));

-- Dashboard spec §3 Order note.
CREATE TABLE order_notes (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  log_level text NOT NULL CHECK (log_level IN ('Info', 'Success', 'Error')),
  message text NOT NULL,
  author_id text NOT NULL,
  author_email text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_notes_by_order ON order_notes (order_id, created_at);

-- Every status move made from now on (checkout's, the sweeper's and staff's): the order page's timeline.
CREATE TABLE order_status_history (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  from_status text,
  to_status text NOT NULL,
  -- 'placed', 'paid', 'edit', 'hold', 'shipped', 'completed', 'refund', 'cancelled', …
  cause text NOT NULL,
  actor_id text,
  actor_email text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_status_history_by_order ON order_status_history (order_id, at);

-- Print fulfilment: a parcel sent with a carrier's tracking number.
CREATE TABLE order_shipments (
  id bigserial PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  carrier text NOT NULL,
  tracking_number text NOT NULL,
  tracking_url text,
  shipped_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  actor_id text NOT NULL,
  actor_email text
);
CREATE INDEX order_shipments_by_order ON order_shipments (order_id);

-- Staff refunds (dashboard spec §3 Refund), each of chosen items and shipping or of everything left.
-- One per Idempotency-Key: a double click finds the first. Amounts in cents at 4 decimals.
CREATE TABLE order_refunds (
  id uuid PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  idempotency_key text NOT NULL UNIQUE,
  request_hash text NOT NULL,
  reason text NOT NULL,
  shipping_amount numeric(18, 4) NOT NULL DEFAULT 0 CHECK (shipping_amount >= 0),
  amount numeric(18, 4) NOT NULL CHECK (amount > 0),
  full_refund boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
  processor_refund_id text,
  error text,
  actor_id text NOT NULL,
  actor_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_refunds_by_order ON order_refunds (order_id, created_at);

CREATE TABLE order_refund_items (
  refund_id uuid NOT NULL REFERENCES order_refunds (id),
  order_id uuid NOT NULL REFERENCES orders (id),
  position integer NOT NULL,
  product_id bigint NOT NULL,
  variant_id bigint NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- The items' price and their share of the line's tax, cents at 4 decimals.
  amount numeric(18, 4) NOT NULL,
  tax numeric(18, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (refund_id, position),
  FOREIGN KEY (order_id, position) REFERENCES order_items (order_id, position)
);
CREATE INDEX order_refund_items_by_line ON order_refund_items (order_id, position);

-- Who did what to which order or customer record, and when; `changes` names each field changed
-- (old → new, shortened; personal values are not copied here).
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  entity text NOT NULL,
  entity_id text NOT NULL,
  action text NOT NULL,
  actor_id text NOT NULL,
  actor_email text,
  changes jsonb NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_audit_by_entity ON staff_audit (entity, entity_id, at DESC);
