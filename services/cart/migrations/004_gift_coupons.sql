-- Gift codes (issue 26): a badge's gift code becomes a coupon only the account it was handed to may
-- use, once (usage_cap 1). Null for ordinary coupons, which anyone may use.
ALTER TABLE coupons ADD COLUMN holder_account_id text;
