-- Email templates (dashboard spec §3, §7). 'auth' templates are the account mails (verification,
-- password reset, email change), written by the service at start-up and read-only for staff; 'db'
-- templates are created and edited by staff.
CREATE TABLE email_templates (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('auth', 'db')),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  subject text NOT NULL,
  html_body text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  edited_by text
);
CREATE UNIQUE INDEX email_templates_name ON email_templates (kind, lower(name));

-- Every email the service sends, whatever the driver, with the bodies exactly as sent. A row is
-- written 'Queued' in the same transaction as its cause (the consumed event, a staff request) and
-- the dispatcher sends it after the commit, so a mail exists exactly when its cause committed.
CREATE TABLE sent_emails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  external_id text,                       -- Message-ID header given to the transport
  from_address text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html_body text NOT NULL,
  text_body text NOT NULL,
  template_name text,
  user_id text,
  source_event_id uuid UNIQUE,            -- the integration event this mail answers, if any
  status text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Sent', 'Failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  mail_created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  sent_at timestamptz
);
CREATE INDEX sent_emails_due ON sent_emails (next_attempt_at) WHERE status = 'Queued';
CREATE INDEX sent_emails_created ON sent_emails (mail_created_at DESC, id);
CREATE INDEX sent_emails_to ON sent_emails (lower(to_address), mail_created_at DESC);

-- What happened to a sent email: 'Send' when handed to the transport, then 'Delivery' when it was
-- accepted (stored in embedded mode, accepted by the SMTP server) or 'Failure' with the reason.
CREATE TABLE sent_email_events (
  id bigserial PRIMARY KEY,
  sent_email_id uuid NOT NULL REFERENCES sent_emails (id) ON DELETE CASCADE,
  event_type text NOT NULL CHECK (event_type IN ('Send', 'Delivery', 'Failure')),
  event_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  detail text NOT NULL DEFAULT ''
);
CREATE INDEX sent_email_events_email ON sent_email_events (sent_email_id, id);
