package payments.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import payments.common.IdType;
import payments.common.Money;

/** Renders an {@link InternalAccount} in the wire's InternalAccount shape. */
@ApplicationScoped
public class InternalAccountView {

    /**
     * The wire form. The stored documents (this server wrote them) go out verbatim: an account is
     * rendered for every balance event, and parsing its funding instructions each time was a
     * measurable share of a transfer.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record InternalAccountResponse(String id, String customerId, String type, String status, Money balance,
                                          Money totalBalance,
                                          @JsonRawValue @Schema(type = SchemaType.ARRAY) String fundingPaymentInstructions,
                                          @JsonInclude(JsonInclude.Include.ALWAYS) String label,
                                          @JsonInclude(JsonInclude.Include.ALWAYS) @JsonRawValue @Schema(type = SchemaType.OBJECT)
                                          String sweepRule,
                                          Boolean privateEnabled, CardCapabilities cardCapabilities,
                                          String createdAt, String updatedAt) {
    }

    private final CardPrograms cardPrograms;

    public InternalAccountView(CardPrograms cardPrograms) {
        this.cardPrograms = cardPrograms;
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
                account.fundingInstructions, account.label, account.sweepRule,
                InternalAccount.EMBEDDED_WALLET.equals(account.type) ? Boolean.TRUE.equals(account.privateEnabled) : null,
                cardPrograms.capabilities(account).orElse(null), account.createdAt.toString(), updatedAt.toString());
    }

}
