package payments.customer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.JsonText;
import payments.common.ServerClock;
import payments.common.ServerConfig;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Email and phone verification of customers whose provider requires it (EU regions): a one-time
 * code is sent, then confirmed. The sandbox sends nothing and its code is always 123456.
 */
@ApplicationScoped
public class ContactVerificationService {

    public static final String SANDBOX_CODE = "123456";
    static final Duration CODE_LIFETIME = Duration.ofMinutes(10);

    /** A contact channel: its key in contactVerification and the customer field it verifies. */
    public enum Channel {
        EMAIL("email", "email"),
        PHONE("phone", "phone number");

        private final String key;
        private final String noun;

        Channel(String key, String noun) {
            this.key = key;
            this.noun = noun;
        }

        String codeExpiryKey() {
            return key + "CodeExpiresAt";
        }
    }

    private final CustomerView view;
    private final JsonText json;
    private final ServerClock clock;
    private final ServerConfig config;

    public ContactVerificationService(CustomerView view, JsonText json, ServerClock clock, ServerConfig config) {
        this.view = view;
        this.json = json;
        this.clock = clock;
        this.config = config;
    }

    @WithTransaction
    public Uni<Void> sendCode(String customerId, Channel channel) {
        if (!config.sandbox()) {
            throw new ApiException(ErrorCode.NOT_IMPLEMENTED, "No email or SMS provider is configured on this server, so verification codes cannot be sent");
        }
        return CustomerService.findForChange(customerId).map(customer -> {
            ObjectNode state = pendingState(customer, channel);
            state.put(channel.codeExpiryKey(), clock.now().plus(CODE_LIFETIME).toString());
            customer.contactVerification = json.write(state);
            return null;
        });
    }

    @WithTransaction
    public Uni<ObjectNode> confirm(String customerId, Channel channel, JsonNode body) {
        JsonNode code = body == null ? null : body.get("code");
        if (code == null || !code.isTextual() || code.asText().isBlank()) {
            throw ApiException.invalidInput(List.of(FieldError.of("code", "Is required: the code the customer received")));
        }
        return CustomerService.findForChange(customerId).map(customer -> {
            ObjectNode state = pendingState(customer, channel);
            String expiry = state.path(channel.codeExpiryKey()).asText(null);
            if (expiry == null || Instant.parse(expiry).isBefore(clock.now())) {
                throw ApiException.invalidField("code", null, "No valid code was sent for this " + channel.noun
                        + "; request one with POST /customers/{customerId}/verify-" + channel.key);
            }
            if (!SANDBOX_CODE.equals(code.asText())) {
                throw ApiException.invalidField("code", null, "The code is wrong");
            }
            state.put(channel.key, "VERIFIED");
            state.remove(channel.codeExpiryKey());
            customer.contactVerification = json.write(state);
            customer.updatedAt = clock.now();
            return view.toWire(customer);
        });
    }

    /** The customer's contact state, when the channel still awaits verification; 409 otherwise. */
    private ObjectNode pendingState(Customer customer, Channel channel) {
        if (customer.contactVerification == null) {
            throw new ApiException(ErrorCode.CONFLICT, "Customer " + customer.wireId()
                    + " does not need contact verification (only customers in regions that require it do)");
        }
        ObjectNode state = (ObjectNode) json.read(customer.contactVerification);
        if ("VERIFIED".equals(state.path(channel.key).asText())) {
            throw new ApiException(ErrorCode.CONFLICT, "The " + channel.noun + " of customer " + customer.wireId()
                    + " is already verified");
        }
        return state;
    }

    /** Both email and phone verified, or no verification required. */
    public static boolean contactsVerified(JsonNode state) {
        return state == null || "VERIFIED".equals(state.path("email").asText()) && "VERIFIED".equals(state.path("phone").asText());
    }
}
