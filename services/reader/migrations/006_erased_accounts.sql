-- Deleted accounts are remembered (so a late order.completed grants nothing) by their anonymous
-- token, `erased:` and the first 32 hex digits of the id's sha256 (platform erasedUserToken), never
-- by the id in clear (issue 23: an erased person is nowhere). Rows written before are converted.
UPDATE deleted_accounts
   SET user_id = 'erased:' || left(encode(sha256(convert_to(user_id, 'UTF8')), 'hex'), 32)
 WHERE user_id NOT LIKE 'erased:%';
