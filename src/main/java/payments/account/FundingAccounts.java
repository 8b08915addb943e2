package payments.account;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Where money is sent to fund an internal account (or a realtime-funded quote): the payment
 * instructions shown on it. The sandbox derives a virtual account per id
 * ({@link FundingInstructions#forAccount}); production shows the platform's collection account at
 * its bank with the account's own reference (the bank file rail), or none when no bank is connected.
 */
public interface FundingAccounts {

    /** The instructions for money to {@code id} in {@code currency}; empty when there is nowhere to send it. */
    List<Map<String, Object>> instructions(UUID id, String currency, String holderName);

    FundingAccounts NONE = (id, currency, holderName) -> List.of();
}
