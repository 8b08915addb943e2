package payments.bankfile;

import jakarta.enterprise.context.ApplicationScoped;
import payments.account.FundingAccounts;
import payments.account.FundingInstructions;
import payments.account.PaymentRails;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Production's funding instructions with the bank file rail: the platform's own account at the
 * bank (the one the rail's notifications are about) and the internal account's reference, which
 * the inbox uses to credit the right account ({@link BankBookings}). Accounts in another currency
 * than the bank account's have none: there is nowhere to send that money yet.
 */
@ApplicationScoped
@jakarta.enterprise.inject.Typed(CollectionAccount.class)
public class CollectionAccount implements FundingAccounts {

    private final BankFilesConfig.Debtor account;

    public CollectionAccount(BankFilesConfig config) {
        this.account = config.debtor();
    }

    @Override
    public List<Map<String, Object>> instructions(UUID id, String currency, String holderName) {
        if (!account.currency().map(currency::equals).orElse(false)) {
            return List.of();
        }
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("accountType", currency + "_ACCOUNT");
        account.iban().ifPresentOrElse(iban -> info.put("iban", iban),
                () -> account.accountNumber().ifPresent(number -> info.put("accountNumber", number)));
        account.routingNumber().ifPresent(routing -> info.put("routingNumber", routing));
        account.bic().ifPresent(bic -> info.put("swiftCode", bic));
        account.bankName().ifPresent(name -> info.put("bankName", name));
        info.put("accountHolderName", account.name());
        info.put("paymentRails", PaymentRails.of(currency + "_ACCOUNT"));
        info.put("reference", FundingInstructions.reference(id));
        return FundingInstructions.of(info);
    }
}
