-- Run once by the postgres image on an empty data volume (docker-entrypoint-initdb.d), as the
-- superuser. One database per service, each owned by its own role, so a service cannot read
-- another's tables even by mistake. Local-only passwords: each equals the role name, matching the
-- DATABASE_URL of that service in docker-compose.yml.

CREATE ROLE inkwell_account LOGIN PASSWORD 'inkwell_account';
CREATE DATABASE inkwell_account OWNER inkwell_account;
REVOKE ALL ON DATABASE inkwell_account FROM PUBLIC;

CREATE ROLE inkwell_catalog LOGIN PASSWORD 'inkwell_catalog';
CREATE DATABASE inkwell_catalog OWNER inkwell_catalog;
REVOKE ALL ON DATABASE inkwell_catalog FROM PUBLIC;

CREATE ROLE inkwell_cart LOGIN PASSWORD 'inkwell_cart';
CREATE DATABASE inkwell_cart OWNER inkwell_cart;
REVOKE ALL ON DATABASE inkwell_cart FROM PUBLIC;

CREATE ROLE inkwell_order LOGIN PASSWORD 'inkwell_order';
CREATE DATABASE inkwell_order OWNER inkwell_order;
REVOKE ALL ON DATABASE inkwell_order FROM PUBLIC;

CREATE ROLE inkwell_reader LOGIN PASSWORD 'inkwell_reader';
CREATE DATABASE inkwell_reader OWNER inkwell_reader;
REVOKE ALL ON DATABASE inkwell_reader FROM PUBLIC;

CREATE ROLE inkwell_analytics LOGIN PASSWORD 'inkwell_analytics';
CREATE DATABASE inkwell_analytics OWNER inkwell_analytics;
REVOKE ALL ON DATABASE inkwell_analytics FROM PUBLIC;

CREATE ROLE inkwell_support LOGIN PASSWORD 'inkwell_support';
CREATE DATABASE inkwell_support OWNER inkwell_support;
REVOKE ALL ON DATABASE inkwell_support FROM PUBLIC;
