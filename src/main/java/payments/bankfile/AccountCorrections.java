package payments.bankfile;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;
import payments.account.BankIdentifiers;
import payments.account.ExternalAccount;
import payments.bankfile.BankMessages.AccountCorrected;
import payments.bankfile.nacha.AchCodes;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.ServerClock;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Applies a NACHA notification of change to the external account the original entry paid: a
 * corrected account number, routing number or account type (checking or savings) replaces the old
 * one, so the next payment goes where the payee's bank says; every notification is kept as an
 * {@link ExternalAccountChange}, also those that change nothing here (a corrected name or id is the
 * platform's to confirm with its customer). Account numbers are kept masked in the record.
 */
@ApplicationScoped
public class AccountCorrections {

    private static final Logger LOG = Logger.getLogger(AccountCorrections.class);
    private static final Map<String, String> FIELDS = Map.of(AchCodes.ACCOUNT_NUMBER, "accountNumber",
            AchCodes.ROUTING_NUMBER, "routingNumber", AchCodes.TRANSACTION_CODE, "bankAccountType");

    private final JsonText json;
    private final ServerClock clock;

    public AccountCorrections(JsonText json, ServerClock clock) {
        this.json = json;
        this.clock = clock;
    }

    /** Applies the notification to the account of {@code payout} and records it; in the caller's transaction. */
    Uni<Void> apply(String fileHash, BankPayout payout, AccountCorrected notification) {
        return ExternalAccount.<ExternalAccount>findById(payout.externalAccountId).flatMap(account -> {
            if (account == null) {
                return record(fileHash, payout, notification, Map.of(), false, "The account paid no longer exists: nothing changed");
            }
            ObjectNode info = (ObjectNode) json.read(account.accountInfo);
            Map<String, Map<String, String>> changes = new LinkedHashMap<>();
            StringBuilder notApplied = new StringBuilder();
            notification.corrected().forEach((detail, value) -> {
                String field = FIELDS.get(detail);
                String corrected = AchCodes.TRANSACTION_CODE.equals(detail) ? accountType(value) : value;
                if (field == null || corrected == null || corrected.isBlank()
                        || AchCodes.ROUTING_NUMBER.equals(detail) && !BankIdentifiers.isValidRoutingNumber(corrected)) {
                    notApplied.append(notApplied.length() == 0 ? "" : ", ").append(detail).append(" '").append(masked(detail, value)).append('\'');
                    return;
                }
                String old = info.path(field).asText(null);
                changes.put(field, Map.of("from", masked(detail, old), "to", masked(detail, corrected)));
                info.put(field, corrected);
            });
            boolean applied = !changes.isEmpty();
            if (applied) {
                account.accountInfo = json.write(info);
            }
            String detail = (applied ? "Corrected " + String.join(", ", changes.keySet()) : "Nothing changed")
                    + (notApplied.length() == 0 ? "" : "; left for the platform to confirm: " + notApplied);
            LOG.infof("Notification of change %s for external account %s: %s", notification.changeCode(), account.id, detail);
            return record(fileHash, payout, notification, changes, applied, detail);
        });
    }

    private Uni<Void> record(String fileHash, BankPayout payout, AccountCorrected notification, Map<String, Map<String, String>> changes,
                             boolean applied, String detail) {
        ExternalAccountChange change = new ExternalAccountChange();
        change.id = Ids.newUuid();
        change.externalAccountId = payout.externalAccountId;
        change.changeCode = notification.changeCode();
        change.changes = json.write(changes);
        change.applied = applied;
        change.detail = detail;
        change.originalTrace = notification.originalTrace();
        change.fileSha256 = fileHash;
        change.createdAt = clock.now();
        return change.persist().replaceWithVoid();
    }

    /** A corrected transaction code's account type: 2x a checking account, 3x a savings account. */
    private static String accountType(String transactionCode) {
        return transactionCode.startsWith("2") ? "CHECKING" : transactionCode.startsWith("3") ? "SAVINGS" : null;
    }

    private static String masked(String detail, String value) {
        if (value == null || !AchCodes.ACCOUNT_NUMBER.equals(detail)) {
            return value;
        }
        return value.length() <= 4 ? "****" : "*".repeat(value.length() - 4) + value.substring(value.length() - 4);
    }
}
