-- A deposit into a RULE_BASED account is swept on at once; its transaction names the account the
-- depositor paid into (the attribution), wherever the money then went.
ALTER TABLE transactions ADD COLUMN rule_based_account_id UUID REFERENCES internal_accounts (id);
