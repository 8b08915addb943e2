package payments.account;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.IdType;
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

    private final ObjectMapper mapper;

    public InternalAccountView(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public InternalAccountResponse toWire(InternalAccount account) {
        return new InternalAccountResponse(account.wireId(),
                account.customerId == null ? null : IdType.CUSTOMER.wireId(account.customerId),
                account.type, account.status,
                Money.of(account.availableBalance, account.currency), Money.of(account.totalBalance, account.currency),
                read(account.fundingInstructions), account.label,
                account.sweepRule == null ? null : read(account.sweepRule),
                InternalAccount.EMBEDDED_WALLET.equals(account.type) ? Boolean.TRUE.equals(account.privateEnabled) : null,
                account.createdAt.toString(), account.updatedAt.toString());
    }

    String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode read(String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Stored account JSON is unreadable", e);
        }
    }
}
