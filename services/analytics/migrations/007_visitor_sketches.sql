-- Issue 25 (speed): the uniques of a range of several days or months come from visitor sketches
-- merged over its periods, no longer from a distinct count over every member of every period's
-- exact set (traffic_visitors, 3.3 rows per raw event, read and sorted by each range query).
--
-- `sketch` (services/analytics/src/domain/visitor-sketch.ts) holds the row's distinct members
-- (visitors or sessions) as the first 64 bits of their MD5: byte 1 then the sorted hashes, 8 bytes
-- each, while there are at most 2,048 of them (exact); past that byte 2 then the 16,384 registers
-- of a HyperLogLog of precision 14 (the largest rank of the hashes whose first 14 bits name the
-- register; the rank is the position of the first 1 in the other 50 bits, 51 when none). NULL for
-- metrics without uniques. `uniques` stays the row's own figure (the sketch's estimate).
ALTER TABLE traffic_counts ADD COLUMN sketch bytea;

-- The sets kept so far become sketches, byte for byte what the service's code makes of them.
CREATE TEMPORARY TABLE sketch_members ON COMMIT DROP AS
  SELECT grain, period, metric, dim, left(md5(visitor), 16) AS hex, ('x' || left(md5(visitor), 16))::bit(64) AS hash, count(*) OVER (PARTITION BY grain, period, metric, dim) AS members
    FROM traffic_visitors;

UPDATE traffic_counts c SET sketch = s.sketch
  FROM (SELECT grain, period, metric, dim,
               '\x01'::bytea || string_agg(decode(hex, 'hex'), ''::bytea ORDER BY hex) AS sketch
          FROM sketch_members WHERE members <= 2048 GROUP BY 1, 2, 3, 4) s
 WHERE c.grain = s.grain AND c.period = s.period AND c.metric = s.metric AND c.dim = s.dim;

UPDATE traffic_counts c SET sketch = s.sketch
  FROM (SELECT k.grain, k.period, k.metric, k.dim,
               '\x02'::bytea || string_agg(set_byte('\x00'::bytea, 0, coalesce(r.rank, 0)), ''::bytea ORDER BY i) AS sketch
          FROM (SELECT DISTINCT grain, period, metric, dim FROM sketch_members WHERE members > 2048) k
          CROSS JOIN generate_series(0, 16383) AS i
          LEFT JOIN (SELECT grain, period, metric, dim, substring(hash FROM 1 FOR 14)::int AS register,
                            max(coalesce(nullif(position(B'1' IN substring(hash FROM 15)), 0), 51)) AS rank
                       FROM sketch_members WHERE members > 2048 GROUP BY 1, 2, 3, 4, 5) r
            ON r.grain = k.grain AND r.period = k.period AND r.metric = k.metric AND r.dim = k.dim AND r.register = i
         GROUP BY 1, 2, 3, 4) s
 WHERE c.grain = s.grain AND c.period = s.period AND c.metric = s.metric AND c.dim = s.dim;

DROP TABLE traffic_visitors;
