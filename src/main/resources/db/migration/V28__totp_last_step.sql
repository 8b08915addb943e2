-- The time step of the last TOTP code a factor accepted: a code counts once, never again within its window.
ALTER TABLE sca_factors ADD COLUMN totp_last_step BIGINT;
