package payments.quote;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import payments.account.InternalAccountService;
import payments.common.ApiException;
import payments.common.ErrorCode;
import payments.common.FieldError;
import payments.common.IdType;
import payments.common.Ids;
import payments.common.JsonText;
import payments.common.Regions;
import payments.common.ServerClock;
import payments.common.ServerConfig;
import payments.customer.Customer;
import payments.transaction.PaymentTransaction;
import payments.transaction.PaymentLifecycle;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Strong Customer Authentication of payers in SCA regions: the challenge a payment waits behind,
 * checking its code, and sending the code again.
 */
@ApplicationScoped
public class ScaChallenges {

    private final PaymentLifecycle lifecycle;
    private final JsonText json;
    private final ServerClock clock;
    private final ServerConfig config;
    private final InternalAccountService internalAccounts;
    private final ScaLockoutStore lockouts;

    public ScaChallenges(PaymentLifecycle lifecycle, JsonText json, ServerClock clock,
                         ServerConfig config, InternalAccountService internalAccounts, ScaLockoutStore lockouts) {
        this.lockouts = lockouts;
        this.lifecycle = lifecycle;
        this.json = json;
        this.clock = clock;
        this.config = config;
        this.internalAccounts = internalAccounts;
    }

    static final String SANDBOX_SCA_CODE = "123456";

    static void checkScaFactor(JsonNode request, List<FieldError> errors) {
        JsonNode factor = request.path("scaFactor");
        if (!factor.isMissingNode() && !factor.isNull() && !factor.isTextual()) {
            errors.add(new FieldError("scaFactor", FieldError.Constraint.oneOf(List.of("SMS_OTP", "PASSKEY")), "Must be a string"));
        } else if ("TOTP".equals(factor.asText())) {
            errors.add(new FieldError("scaFactor", FieldError.Constraint.oneOf(List.of("SMS_OTP", "PASSKEY")),
                    "TOTP cannot carry the dynamic linking a payment challenge needs; use SMS_OTP or PASSKEY"));
        }
    }

    Uni<Void> challenge(Quote quote, PaymentTransaction t, String scaFactor) {
        String factor = scaFactor == null ? "SMS_OTP" : scaFactor;
        Map<String, Object> challenge = new LinkedHashMap<>();
        challenge.put("id", IdType.SCA_CHALLENGE.wireId(Ids.newUuid()));
        challenge.put("expiresAt", quote.expiresAt.toString());
        challenge.put("factor", factor);
        challenge.put("availableFactors", List.of("SMS_OTP"));
        challenge.put("purpose", "PAYOUT");
        quote.scaChallenge = json.write(challenge);
        QuoteStatus.move(quote, QuoteStatus.PENDING_AUTHORIZATION);
        quote.updatedAt = clock.now();
        return lifecycle.awaitAuthorization(t);
    }

    /**
     * Checks the code given for the quote's outstanding challenge: 400 when it is missing, expired
     * or not the one sent (the sandbox's 123456); 409 when nothing awaits authorization; 423 while
     * the payer is locked out after too many wrong codes ({@link ScaLockoutStore}).
     */
    Uni<Void> verify(Quote quote, JsonNode body) {
        return scaChallenged(quote).call(() -> lockouts.requireUnlocked(quote.customerId)).flatMap(challenge -> {
            JsonNode code = body == null ? null : body.get("code");
            if (code == null || code.isNull() || code.asText().isBlank()) {
                throw ApiException.invalidField("code", null, "Is required for an " + challenge.path("factor").asText() + " challenge");
            }
            if (!code.isTextual()) {
                throw ApiException.invalidField("code", null, "Must be a string (the code as sent, e.g. \"123456\")");
            }
            if (!clock.now().isBefore(Instant.parse(challenge.get("expiresAt").asText()))) {
                throw new ApiException(ErrorCode.INVALID_INPUT, "The challenge expired; create a new quote");
            }
            if (!SANDBOX_SCA_CODE.equals(code.asText()) || !config.sandbox()) {
                return lockouts.recordFailure(quote.customerId,
                        ApiException.invalidField("code", null, "The code is not the one sent for this challenge"));
            }
            return lockouts.recordSuccess(quote.customerId);
        });
    }

    /** POST /quotes/{id}/authorize/resend: sends the SMS code again; the challenge and its expiry stay. */
    @WithTransaction
    public Uni<Void> resendCode(String quoteId) {
        return QuoteLookup.find(quoteId, false).flatMap(this::scaChallenged).map(challenge -> {
            if (!"SMS_OTP".equals(challenge.path("factor").asText())) {
                throw new ApiException(ErrorCode.CONFLICT, "A " + challenge.path("factor").asText() + " challenge has no code to re-send");
            }
            return null;
        });
    }

    /** The quote's outstanding challenge; 409 when the payer needs no SCA or nothing awaits authorization. */
    private Uni<JsonNode> scaChallenged(Quote quote) {
        return internalAccounts.inSession().holder(quote.customerId).map(customer -> {
            if (customer == null || !Regions.requiresSca(customer.region)) {
                throw new ApiException(ErrorCode.CONFLICT, "Strong Customer Authentication does not apply to this payer");
            }
            if (QuoteStatus.of(quote) != QuoteStatus.PENDING_AUTHORIZATION || quote.scaChallenge == null) {
                throw new ApiException(ErrorCode.CONFLICT, "Quote " + quote.wireId() + " has no challenge awaiting authorization");
            }
            return json.read(quote.scaChallenge);
        });
    }
}
