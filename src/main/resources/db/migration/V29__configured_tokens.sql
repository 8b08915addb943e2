-- A token the operator's configuration makes (the compliance desk's, from SVC_COMPLIANCE_CLIENT_ID)
-- names that variable here: no other token may delete it, only the token itself.
ALTER TABLE api_tokens ADD COLUMN configured_by VARCHAR(64);

-- The desk's token made before this column: the name and permission BootstrapCredentials gives it,
-- and a client id of the operator's choosing (a token made through the API has its id's hex).
UPDATE api_tokens SET configured_by = 'SVC_COMPLIANCE_CLIENT_ID'
WHERE name = 'compliance desk' AND permissions = 'COMPLIANCE_REVIEW' AND client_id <> replace(CAST(id AS VARCHAR), '-', '');
