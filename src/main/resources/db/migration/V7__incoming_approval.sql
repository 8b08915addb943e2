-- Incoming payments on rails that ask the platform first (UMA): what the sender's side wants to
-- know about the receiver, the deadline of an asynchronous (202) decision, and what the platform
-- answered. A PENDING incoming transaction with approval_fields set awaits the platform.
ALTER TABLE transactions
    ADD COLUMN approval_fields          TEXT,
    ADD COLUMN approval_deadline        TIMESTAMPTZ,
    ADD COLUMN receiver_customer_info   TEXT;
