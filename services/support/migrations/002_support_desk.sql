-- The support desk and the email pipeline (issue 24; dashboard spec §3 Support ticket, Ticket
-- message, Scheduled email, Sent email; the rules are in contracts/src/support-rules.ts).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ---------------------------------------------------------------- the email pipeline

-- Every email's category: 'transactional' (account and order mails), 'support' (staff replies),
-- 'scheduled' (sent from scheduled_emails), 'test' (template test sends). Replies carry their
-- threading headers; `reply_to` is the ticket's reply address.
ALTER TABLE sent_emails
  ADD COLUMN category text NOT NULL DEFAULT 'transactional' CHECK (category IN ('transactional', 'support', 'scheduled', 'test')),
  ADD COLUMN reply_to text,
  ADD COLUMN in_reply_to text,
  ADD COLUMN references_header text,
  ADD COLUMN delivered_at timestamptz;
ALTER TABLE sent_emails DROP CONSTRAINT sent_emails_status_check;
ALTER TABLE sent_emails ADD CONSTRAINT sent_emails_status_check
  CHECK (status IN ('Queued', 'Sent', 'Delivered', 'Bounced', 'Complained', 'Suppressed', 'Failed'));
CREATE INDEX sent_emails_external ON sent_emails (external_id);
CREATE INDEX sent_emails_status ON sent_emails (status, mail_created_at DESC);

ALTER TABLE sent_email_events DROP CONSTRAINT sent_email_events_event_type_check;
ALTER TABLE sent_email_events ADD CONSTRAINT sent_email_events_event_type_check
  CHECK (event_type IN ('Queued', 'Send', 'Delivery', 'Bounce', 'Complaint', 'Reject', 'Suppressed', 'Failure'));
-- The 15-minute timeline and the provider's statistics read events by time.
CREATE INDEX sent_email_events_time ON sent_email_events (event_at, event_type);
-- A provider's event (an SES notification, a bounce report) is recorded once however often it comes.
ALTER TABLE sent_email_events ADD COLUMN provider_event_id text;
CREATE UNIQUE INDEX sent_email_events_provider ON sent_email_events (provider_event_id) WHERE provider_event_id IS NOT NULL;

-- Addresses not sent to: they bounced permanently or complained (or staff suppressed them).
-- Sends to them end 'Suppressed' without reaching the provider.
CREATE TABLE email_suppressions (
  address text PRIMARY KEY CHECK (address = lower(address)),
  reason text NOT NULL CHECK (reason IN ('Bounce', 'Complaint', 'Manual')),
  sent_email_id uuid REFERENCES sent_emails (id) ON DELETE SET NULL,
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Emails to send later (dashboard spec §3 Scheduled email). The scheduler renders the template when
-- `send_from` has come and queues a sent_emails row, within the daily budget; past the budget the
-- row is 'Deferred' to the next UTC day. `dedupe_key` makes scheduling idempotent (one follow-up per
-- ticket reply, one release mail per pre-order line).
CREATE TABLE scheduled_emails (
  id bigserial PRIMARY KEY,
  recipient_email text NOT NULL,
  user_id uuid,
  template_name text NOT NULL,
  template_data jsonb NOT NULL DEFAULT '{}',
  send_from timestamptz NOT NULL,
  sent_at timestamptz,
  status text NOT NULL DEFAULT 'Scheduled' CHECK (status IN ('Scheduled', 'Deferred', 'Sent', 'Cancelled', 'Failed')),
  reason text NOT NULL,
  note text,
  dedupe_key text UNIQUE,
  ticket_id bigint,
  sent_email_id uuid REFERENCES sent_emails (id) ON DELETE SET NULL,
  attempts integer NOT NULL DEFAULT 0,
  time_created timestamptz NOT NULL DEFAULT now(),
  last_edited timestamptz NOT NULL DEFAULT now(),
  created_by text,
  edited_by text
);
CREATE INDEX scheduled_emails_due ON scheduled_emails (send_from) WHERE status IN ('Scheduled', 'Deferred');
CREATE INDEX scheduled_emails_list ON scheduled_emails (send_from DESC, id);
CREATE INDEX scheduled_emails_ticket ON scheduled_emails (ticket_id) WHERE ticket_id IS NOT NULL;

-- What each budget has spent per UTC day (budget 'daily': scheduled emails).
CREATE TABLE email_budget_usage (
  budget text NOT NULL,
  day date NOT NULL,
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (budget, day)
);

-- Sending identities of the embedded and SMTP drivers (SES keeps its own): an address is verified
-- by the link mailed to it; a domain by its DNS record (shown as Pending until checked).
CREATE TABLE email_identities (
  identity text PRIMARY KEY CHECK (identity = lower(identity)),
  identity_type text NOT NULL CHECK (identity_type IN ('EmailAddress', 'Domain')),
  status text NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Success', 'Failed', 'TemporaryFailure', 'NotStarted')),
  token_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  verified_at timestamptz
);

-- ---------------------------------------------------------------- tickets

CREATE TABLE ticket_tags (
  id serial PRIMARY KEY,
  name text NOT NULL,
  color text NOT NULL DEFAULT '#64748b' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ticket_tags_name ON ticket_tags (lower(name));

-- A conversation with one customer. `reply_token` is the secret in the reply address
-- (`support+<token>@domain`) that threads the customer's answers back; `unread` is set by a
-- customer message and cleared when staff open the ticket.
CREATE TABLE support_tickets (
  id bigserial PRIMARY KEY,
  reply_token text NOT NULL UNIQUE,
  from_email text NOT NULL,
  from_name text,
  user_id uuid,
  type text NOT NULL CHECK (type IN ('Email', 'SubmittedForm')),
  subject text NOT NULL,
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'PendingOnCustomer', 'Solved', 'Closed')),
  assigned_to_user_id uuid,
  assigned_to_email text,
  platform text,
  unread boolean NOT NULL DEFAULT true,
  first_created timestamptz NOT NULL DEFAULT now(),
  latest_update timestamptz NOT NULL DEFAULT now(),
  latest_inbound_update timestamptz,
  last_message_direction text CHECK (last_message_direction IN ('Inbound', 'Outbound')),
  -- The closed ticket a customer's reply came to, when that reply opened this one.
  follow_up_of bigint REFERENCES support_tickets (id) ON DELETE SET NULL
);
CREATE INDEX support_tickets_latest ON support_tickets (latest_update DESC, id DESC);
CREATE INDEX support_tickets_status ON support_tickets (status, latest_update DESC);
CREATE INDEX support_tickets_assignee ON support_tickets (assigned_to_user_id, latest_update DESC);
CREATE INDEX support_tickets_from ON support_tickets (lower(from_email), latest_update DESC);
CREATE INDEX support_tickets_user ON support_tickets (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX support_tickets_subject_trgm ON support_tickets USING gin (subject gin_trgm_ops);
CREATE INDEX support_tickets_from_trgm ON support_tickets USING gin (from_email gin_trgm_ops);

CREATE TABLE support_ticket_tags (
  ticket_id bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES ticket_tags (id) ON DELETE CASCADE,
  PRIMARY KEY (ticket_id, tag_id)
);
CREATE INDEX support_ticket_tags_tag ON support_ticket_tags (tag_id);

-- Every message of a ticket in order: inbound emails, staff replies (outbound, carried by a
-- sent_emails row) and submitted forms. Columns of the other kinds stay NULL.
CREATE TABLE ticket_messages (
  id bigserial PRIMARY KEY,
  ticket_id bigint NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('Email', 'SubmittedForm')),
  direction text CHECK (direction IN ('Inbound', 'Outbound')),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  subject text,
  body_text text NOT NULL DEFAULT '',
  -- Inbound email
  body_html text,
  from_email text,
  from_name text,
  to_email text,
  cc_email text,
  size_bytes integer,
  bucket_location_key text,
  message_id_header text,
  in_reply_to text,
  -- Outbound email
  sent_email_id uuid REFERENCES sent_emails (id) ON DELETE SET NULL,
  senders_user_id uuid,
  senders_email text,
  -- Submitted form
  form_type text,
  submitted_email text,
  submitted_user_id uuid,
  user_agent text,
  ip_address text,
  feedback_url text,
  platform text,
  CHECK ((type = 'Email') = (direction IS NOT NULL))
);
CREATE INDEX ticket_messages_ticket ON ticket_messages (ticket_id, id);
-- Threading: a customer's reply names our Message-ID (outbound, through sent_emails.external_id)
-- or an earlier inbound one in In-Reply-To/References.
CREATE INDEX ticket_messages_message_id ON ticket_messages (message_id_header) WHERE message_id_header IS NOT NULL;
CREATE INDEX ticket_messages_sent_email ON ticket_messages (sent_email_id) WHERE sent_email_id IS NOT NULL;
CREATE INDEX ticket_messages_text_trgm ON ticket_messages USING gin (body_text gin_trgm_ops);

CREATE TABLE ticket_attachments (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES ticket_messages (id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  storage_key text,
  note text
);
CREATE INDEX ticket_attachments_message ON ticket_attachments (message_id);

-- Inbound mail that opened no ticket (spam, loops, auto-replies, bounces, refused): kept a while
-- for whoever wonders where a mail went, without its body.
CREATE TABLE inbound_rejections (
  id bigserial PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  mail_from text,
  subject text,
  reason text NOT NULL,
  bucket_location_key text
);
CREATE INDEX inbound_rejections_received ON inbound_rejections (received_at DESC);
