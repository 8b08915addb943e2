-- Each sender's executed outgoing volume per sending currency and UTC day, kept as a running
-- counter so that a daily-limit check reads one row instead of summing the day's payments.
-- A payment counts on the day it was created, from execution until it fails.
CREATE TABLE daily_volumes (
    -- the paying customer; the nil UUID for the platform's own payments
    sender    UUID        NOT NULL,
    currency  VARCHAR(8)  NOT NULL,
    day       DATE        NOT NULL,
    amount    BIGINT      NOT NULL,
    PRIMARY KEY (sender, currency, day)
);

INSERT INTO daily_volumes (sender, currency, day, amount)
SELECT COALESCE(customer_id, '00000000-0000-0000-0000-000000000000'), sent_currency,
       CAST(created_at AT TIME ZONE 'UTC' AS DATE), SUM(sent_amount)
FROM transactions
WHERE type = 'OUTGOING' AND status IN ('PROCESSING', 'COMPLETED') AND sent_amount IS NOT NULL AND sent_currency IS NOT NULL
GROUP BY 1, 2, 3;
