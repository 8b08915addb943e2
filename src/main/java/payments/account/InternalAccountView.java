package payments.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
import payments.common.JsonText;
import payments.common.Money;

/** Renders an {@link InternalAccount} in the wire's InternalAccount shape. */
@ApplicationScoped
public class InternalAccountView {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record InternalAccountResponse(String id, String customerId, String type, String status, Money balance,
                                          Money totalBalance, JsonNode fundingPaymentInstructions,
                                          @JsonInclude(JsonInclude.Include.ALWAYS) String label,
                                          JsonNode sweepRule, Boolean privateEnabled, String createdAt,
                                          String updatedAt) {
    }

    private final JsonText json;

    public InternalAccountView(JsonText json) {
        this.json = json;
    }

    public InternalAccountResponse toWire(InternalAccount account) {
        return toWire(account, account.updatedAt);
    }

    /** The account as a posting left it at {@code updatedAt} (the ledger wrote that time to its row, not to this object). */
    public InternalAccountResponse toWire(InternalAccount account, java.time.Instant updatedAt) {
        return new InternalAccountResponse(account.wireId(),
                account.customerId == null ? null : IdType.CUSTOMER.wireId(account.customerId),
                account.type, account.status,
                Money.of(account.availableBalance, account.currency), Money.of(account.totalBalance, account.currency),
                json.read(account.fundingInstructions), account.label,
                account.sweepRule == null ? null : json.read(account.sweepRule),
                InternalAccount.EMBEDDED_WALLET.equals(account.type) ? Boolean.TRUE.equals(account.privateEnabled) : null,
                account.createdAt.toString(), updatedAt.toString());
    }

}
