-- The staff catalogue (dashboard spec §3 Series, Bundle, Stock record, Inventory-system product;
-- §7 "Series and bundles", "Lookups", "Publishers", the home-page lookups): the series fields the
-- storefront never needed, series notes, bundle bookkeeping, publisher settings, and the lookup
-- lists staff pick from (restricted territories, the inventory system's stock).

-- Series: override credits replace the default ones on the storefront while switched on; asset
-- link groups are for staff only.
ALTER TABLE series
  ADD COLUMN is_using_override_creators boolean NOT NULL DEFAULT false,
  ADD COLUMN asset_link_groups jsonb NOT NULL DEFAULT '[]';

CREATE TABLE series_override_creators (
  series_id bigint NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  creator_id bigint NOT NULL REFERENCES creators(id),
  title text NOT NULL,
  ordinal integer NOT NULL DEFAULT 0,
  hidden boolean NOT NULL DEFAULT false,
  PRIMARY KEY (series_id, creator_id, title)
);

-- Notes staff leave on a series (dashboard spec §3: text and a log level); appended, never edited.
CREATE TABLE series_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  series_id bigint NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  text text NOT NULL,
  log_level text NOT NULL DEFAULT 'Info' CHECK (log_level IN ('Info', 'Success', 'Error')),
  author_id text NOT NULL,
  author_email text,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX series_notes_series ON series_notes (series_id, at DESC);

CREATE INDEX series_title_trgm ON series USING gin (lower(title) gin_trgm_ops);
CREATE INDEX series_publisher ON series (publisher_id);
CREATE INDEX series_imprint ON series (imprint_id);
CREATE INDEX products_publisher ON products (publisher_id);
CREATE INDEX products_imprint ON products (imprint_id);

ALTER TABLE bundles
  ADD COLUMN currency char(3) NOT NULL DEFAULT 'USD',
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX bundle_items_product ON bundle_items (product_id);

-- How a publisher's products name themselves in their series ('Vol. 2', 'Chapter 3'); a series
-- follows it unless it says otherwise (relative_name_setting 'UsePublisherSetting').
ALTER TABLE publishers
  ADD COLUMN relative_name_setting text NOT NULL DEFAULT 'Volume' CHECK (relative_name_setting IN ('Volume', 'Chapter', 'Issue', 'Episode', 'None')),
  ADD COLUMN website text;

-- Countries an item can be withheld from (ISO 3166-1 alpha-2, English names).
CREATE TABLE restricted_territories (
  code char(2) PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
  name text NOT NULL
);

-- The inventory system's products (spec §3 Inventory-system product) and their stock per
-- warehouse (Stock record); total stock is the sum of `available`. A Print variant names one by
-- its stockInfo.inventoryId.
CREATE TABLE ims_products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sku text NOT NULL UNIQUE,
  name text NOT NULL
);
CREATE INDEX ims_products_name_trgm ON ims_products USING gin (lower(name) gin_trgm_ops);

CREATE TABLE ims_stocks (
  ims_product_id bigint NOT NULL REFERENCES ims_products(id) ON DELETE CASCADE,
  location text NOT NULL,
  available integer NOT NULL,
  last_updated timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ims_product_id, location)
);

-- Reference data. The inventory records stand in for the warehouse system's own until it is
-- connected; the price tiers are the usual store price points.
INSERT INTO ims_products (sku, name) VALUES
  ('INK-PRT-0001', 'Lantern Street Vol. 1 (print)'),
  ('INK-PRT-0002', 'Lantern Street Vol. 2 (print)'),
  ('INK-PRT-0003', 'Frostline Vol. 1 (print)'),
  ('INK-MRC-0001', 'Inkwell enamel pin'),
  ('INK-MRC-0002', 'Inkwell tote bag');
INSERT INTO ims_stocks (ims_product_id, location, available, last_updated)
SELECT p.id, s.location, s.available, now() - s.age
  FROM (VALUES
    ('INK-PRT-0001', 'Reno', 120, interval '2 hours'),
    ('INK-PRT-0001', 'Leipzig', 35, interval '1 day'),
    ('INK-PRT-0002', 'Reno', 48, interval '3 hours'),
    ('INK-PRT-0003', 'Reno', 0, interval '5 days'),
    ('INK-MRC-0001', 'Reno', 300, interval '1 hour'),
    ('INK-MRC-0001', 'Leipzig', 80, interval '2 days')
  ) AS s(sku, location, available, age)
  JOIN ims_products p ON p.sku = s.sku;

INSERT INTO pricing_tiers (name, price_cents, currency) VALUES
  ('Free', 0, 'USD'),
  ('Tier 1', 99, 'USD'),
  ('Tier 2', 199, 'USD'),
  ('Tier 3', 299, 'USD'),
  ('Tier 5', 499, 'USD'),
  ('Tier 7', 699, 'USD'),
  ('Tier 10', 999, 'USD'),
  ('Tier 13', 1299, 'USD')
ON CONFLICT (name) DO NOTHING;

INSERT INTO restricted_territories (code, name) VALUES
  ('AD', 'Andorra'),
  ('AE', 'UAE'),
  ('AF', 'Afghanistan'),
  ('AG', 'Antigua and Barbuda'),
  ('AI', 'Anguilla'),
  ('AL', 'Albania'),
  ('AM', 'Armenia'),
  ('AO', 'Angola'),
  ('AQ', 'Antarctica'),
  ('AR', 'Argentina'),
  ('AS', 'American Samoa'),
  ('AT', 'Austria'),
  ('AU', 'Australia'),
  ('AW', 'Aruba'),
  ('AX', 'Aland Islands'),
  ('AZ', 'Azerbaijan'),
  ('BA', 'Bosnia and Herzegovina'),
  ('BB', 'Barbados'),
  ('BD', 'Bangladesh'),
  ('BE', 'Belgium'),
  ('BF', 'Burkina Faso'),
  ('BG', 'Bulgaria'),
  ('BH', 'Bahrain'),
  ('BI', 'Burundi'),
  ('BJ', 'Benin'),
  ('BL', 'Saint Barthélemy'),
  ('BM', 'Bermuda'),
  ('BN', 'Brunei Darussalam'),
  ('BO', 'Bolivia'),
  ('BQ', 'Bonaire, Sint Eustatius and Saba'),
  ('BR', 'Brazil'),
  ('BS', 'Bahamas'),
  ('BT', 'Bhutan'),
  ('BV', 'Bouvet Island'),
  ('BW', 'Botswana'),
  ('BY', 'Belarus'),
  ('BZ', 'Belize'),
  ('CA', 'Canada'),
  ('CC', 'Cocos (Keeling) Islands'),
  ('CD', 'Congo'),
  ('CF', 'Central African Republic'),
  ('CG', 'Congo'),
  ('CH', 'Switzerland'),
  ('CI', 'Côte d''Ivoire'),
  ('CK', 'Cook Islands'),
  ('CL', 'Chile'),
  ('CM', 'Cameroon'),
  ('CN', 'China'),
  ('CO', 'Colombia'),
  ('CR', 'Costa Rica'),
  ('CU', 'Cuba'),
  ('CV', 'Cape Verde'),
  ('CW', 'Curaçao'),
  ('CX', 'Christmas Island'),
  ('CY', 'Cyprus'),
  ('CZ', 'Czechia'),
  ('DE', 'Germany'),
  ('DJ', 'Djibouti'),
  ('DK', 'Denmark'),
  ('DM', 'Dominica'),
  ('DO', 'Dominican Republic'),
  ('DZ', 'Algeria'),
  ('EC', 'Ecuador'),
  ('EE', 'Estonia'),
  ('EG', 'Egypt'),
  ('EH', 'Western Sahara'),
  ('ER', 'Eritrea'),
  ('ES', 'Spain'),
  ('ET', 'Ethiopia'),
  ('FI', 'Finland'),
  ('FJ', 'Fiji'),
  ('FK', 'Falkland Islands (Malvinas)'),
  ('FM', 'Micronesia, Federated States of'),
  ('FO', 'Faroe Islands'),
  ('FR', 'France'),
  ('GA', 'Gabon'),
  ('GB', 'United Kingdom'),
  ('GD', 'Grenada'),
  ('GE', 'Georgia'),
  ('GF', 'French Guiana'),
  ('GG', 'Guernsey'),
  ('GH', 'Ghana'),
  ('GI', 'Gibraltar'),
  ('GL', 'Greenland'),
  ('GM', 'The Gambia'),
  ('GN', 'Guinea'),
  ('GP', 'Guadeloupe'),
  ('GQ', 'Equatorial Guinea'),
  ('GR', 'Greece'),
  ('GS', 'South Georgia and the South Sandwich Islands'),
  ('GT', 'Guatemala'),
  ('GU', 'Guam'),
  ('GW', 'Guinea-Bissau'),
  ('GY', 'Guyana'),
  ('HK', 'Hong Kong'),
  ('HM', 'Heard Island and McDonald Islands'),
  ('HN', 'Honduras'),
  ('HR', 'Croatia'),
  ('HT', 'Haiti'),
  ('HU', 'Hungary'),
  ('ID', 'Indonesia'),
  ('IE', 'Ireland'),
  ('IL', 'Israel'),
  ('IM', 'Isle of Man'),
  ('IN', 'India'),
  ('IO', 'British Indian Ocean Territory'),
  ('IQ', 'Iraq'),
  ('IR', 'Iran'),
  ('IS', 'Iceland'),
  ('IT', 'Italy'),
  ('JE', 'Jersey'),
  ('JM', 'Jamaica'),
  ('JO', 'Jordan'),
  ('JP', 'Japan'),
  ('KE', 'Kenya'),
  ('KG', 'Kyrgyzstan'),
  ('KH', 'Cambodia'),
  ('KI', 'Kiribati'),
  ('KM', 'Comoros'),
  ('KN', 'Saint Kitts and Nevis'),
  ('KP', 'North Korea'),
  ('KR', 'South Korea'),
  ('KW', 'Kuwait'),
  ('KY', 'Cayman Islands'),
  ('KZ', 'Kazakhstan'),
  ('LA', 'Lao People''s Democratic Republic'),
  ('LB', 'Lebanon'),
  ('LC', 'Saint Lucia'),
  ('LI', 'Liechtenstein'),
  ('LK', 'Sri Lanka'),
  ('LR', 'Liberia'),
  ('LS', 'Lesotho'),
  ('LT', 'Lithuania'),
  ('LU', 'Luxembourg'),
  ('LV', 'Latvia'),
  ('LY', 'Libya'),
  ('MA', 'Morocco'),
  ('MC', 'Monaco'),
  ('MD', 'Moldova, Republic of'),
  ('ME', 'Montenegro'),
  ('MF', 'Saint Martin (French part)'),
  ('MG', 'Madagascar'),
  ('MH', 'Marshall Islands'),
  ('MK', 'North Macedonia'),
  ('ML', 'Mali'),
  ('MM', 'Myanmar'),
  ('MN', 'Mongolia'),
  ('MO', 'Macao'),
  ('MP', 'Northern Mariana Islands'),
  ('MQ', 'Martinique'),
  ('MR', 'Mauritania'),
  ('MS', 'Montserrat'),
  ('MT', 'Malta'),
  ('MU', 'Mauritius'),
  ('MV', 'Maldives'),
  ('MW', 'Malawi'),
  ('MX', 'Mexico'),
  ('MY', 'Malaysia'),
  ('MZ', 'Mozambique'),
  ('NA', 'Namibia'),
  ('NC', 'New Caledonia'),
  ('NE', 'Niger'),
  ('NF', 'Norfolk Island'),
  ('NG', 'Nigeria'),
  ('NI', 'Nicaragua'),
  ('NL', 'The Netherlands'),
  ('NO', 'Norway'),
  ('NP', 'Nepal'),
  ('NR', 'Nauru'),
  ('NU', 'Niue'),
  ('NZ', 'New Zealand'),
  ('OM', 'Oman'),
  ('PA', 'Panama'),
  ('PE', 'Peru'),
  ('PF', 'French Polynesia'),
  ('PG', 'Papua New Guinea'),
  ('PH', 'Philippines'),
  ('PK', 'Pakistan'),
  ('PL', 'Poland'),
  ('PM', 'Saint Pierre and Miquelon'),
  ('PN', 'Pitcairn Islands'),
  ('PR', 'Puerto Rico'),
  ('PS', 'Palestine'),
  ('PT', 'Portugal'),
  ('PW', 'Palau'),
  ('PY', 'Paraguay'),
  ('QA', 'Qatar'),
  ('RE', 'Reunion'),
  ('RO', 'Romania'),
  ('RS', 'Serbia'),
  ('RU', 'Russia'),
  ('RW', 'Rwanda'),
  ('SA', 'Saudi Arabia'),
  ('SB', 'Solomon Islands'),
  ('SC', 'Seychelles'),
  ('SD', 'Sudan'),
  ('SE', 'Sweden'),
  ('SG', 'Singapore'),
  ('SH', 'Saint Helena'),
  ('SI', 'Slovenia'),
  ('SJ', 'Svalbard and Jan Mayen'),
  ('SK', 'Slovakia'),
  ('SL', 'Sierra Leone'),
  ('SM', 'San Marino'),
  ('SN', 'Senegal'),
  ('SO', 'Somalia'),
  ('SR', 'Suriname'),
  ('SS', 'South Sudan'),
  ('ST', 'Sao Tome and Principe'),
  ('SV', 'El Salvador'),
  ('SX', 'Sint Maarten (Dutch part)'),
  ('SY', 'Syrian Arab Republic'),
  ('SZ', 'Eswatini'),
  ('TC', 'Turks and Caicos Islands'),
  ('TD', 'Chad'),
  ('TF', 'French Southern Territories'),
  ('TG', 'Togo'),
  ('TH', 'Thailand'),
  ('TJ', 'Tajikistan'),
  ('TK', 'Tokelau'),
  ('TL', 'Timor-Leste'),
  ('TM', 'Turkmenistan'),
  ('TN', 'Tunisia'),
  ('TO', 'Tonga'),
  ('TR', 'Turkey'),
  ('TT', 'Trinidad and Tobago'),
  ('TV', 'Tuvalu'),
  ('TW', 'Taiwan'),
  ('TZ', 'Tanzania'),
  ('UA', 'Ukraine'),
  ('UG', 'Uganda'),
  ('UM', 'United States Minor Outlying Islands'),
  ('US', 'United States'),
  ('UY', 'Uruguay'),
  ('UZ', 'Uzbekistan'),
  ('VA', 'Holy See (Vatican City State)'),
  ('VC', 'Saint Vincent and the Grenadines'),
  ('VE', 'Venezuela'),
  ('VG', 'Virgin Islands, British'),
  ('VI', 'Virgin Islands, U.S.'),
  ('VN', 'Vietnam'),
  ('VU', 'Vanuatu'),
  ('WF', 'Wallis and Futuna'),
  ('WS', 'Samoa'),
  ('XK', 'Kosovo'),
  ('YE', 'Yemen'),
  ('YT', 'Mayotte'),
  ('ZA', 'South Africa'),
  ('ZM', 'Zambia'),
  ('ZW', 'Zimbabwe');

-- Search maintenance's "upload all" runs as a job staff watch progress of (dashboard spec §7
-- Search maintenance); kept here so any replica can answer a poll.
CREATE TABLE search_upload_jobs (
  id uuid PRIMARY KEY,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'completed', 'failed')),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  uploaded integer NOT NULL DEFAULT 0,
  error text,
  started_by text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
