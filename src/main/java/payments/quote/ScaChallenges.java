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
import payments.customer.Customer;
import payments.sca.ScaChallengeIssuer;
import payments.sca.ScaLogins;
import payments.sca.ScaProofs;
import payments.sca.ScaRecords;
import payments.sca.ScaRecords.Challenge;
import payments.sca.ScaRecords.Factor;
import payments.transaction.PaymentLifecycle;
import payments.transaction.PaymentTransaction;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Strong Customer Authentication of payers in SCA regions: the challenge a payment waits behind
 * (offering the factors the payer has that can carry the payment's dynamic linking: SMS_OTP, and
 * PASSKEY once enrolled; never TOTP), checking its proof through {@link ScaProofs} within the
 * payer's SCA session, and sending the code again.
 */
@ApplicationScoped
public class ScaChallenges {

    /** Per-payment challenges carry dynamic linking, which a TOTP code cannot. */
    private static final Set<Factor> PAYMENT_FACTORS = EnumSet.of(Factor.SMS_OTP, Factor.PASSKEY);

    private final PaymentLifecycle lifecycle;
    private final JsonText json;
    private final ServerClock clock;
    private final InternalAccountService internalAccounts;
    private final ScaProofs proofs;
    private final ScaLogins logins;
    private final ScaChallengeIssuer issuer;

    public ScaChallenges(PaymentLifecycle lifecycle, JsonText json, ServerClock clock, InternalAccountService internalAccounts,
                         ScaProofs proofs, ScaLogins logins, ScaChallengeIssuer issuer) {
        this.lifecycle = lifecycle;
        this.json = json;
        this.clock = clock;
        this.internalAccounts = internalAccounts;
        this.proofs = proofs;
        this.logins = logins;
        this.issuer = issuer;
    }

    static void checkScaFactor(String factor, List<FieldError> errors) {
        if ("TOTP".equals(factor)) {
            errors.add(new FieldError("scaFactor", FieldError.Constraint.oneOf(List.of("SMS_OTP", "PASSKEY")),
                    "TOTP cannot carry the dynamic linking a payment challenge needs; use SMS_OTP or PASSKEY"));
        } else if (factor != null && !List.of("SMS_OTP", "PASSKEY").contains(factor)) {
            errors.add(new FieldError("scaFactor", FieldError.Constraint.oneOf(List.of("SMS_OTP", "PASSKEY")), "Must be SMS_OTP or PASSKEY"));
        }
    }

    /** The payment waits behind a challenge in the factor asked for (SMS_OTP by default), among those the payer has. */
    Uni<Void> challenge(Quote quote, PaymentTransaction t, String scaFactor) {
        Factor factor = scaFactor == null ? Factor.SMS_OTP : Factor.valueOf(scaFactor);
        return ScaProofs.available(quote.customerId).flatMap(available -> {
            List<Factor> offered = available.stream().filter(PAYMENT_FACTORS::contains).toList();
            if (!offered.contains(factor)) {
                throw ApiException.invalidField("scaFactor", FieldError.Constraint.oneOf(offered.stream().map(Factor::name).toList()),
                        "The payer has no enrolled " + factor + " factor");
            }
            Uni<Map<String, Object>> options = offered.contains(Factor.PASSKEY)
                    ? issuer.assertionOptions(quote.customerId, issuer.newChallengeText()) : Uni.createFrom().nullItem();
            return options.map(assertion -> new Challenge(IdType.SCA_CHALLENGE.wireId(Ids.newUuid()), quote.expiresAt.toString(),
                    factor.name(), offered.stream().map(Factor::name).toList(), "PAYOUT", assertion, null));
        }).flatMap(challenge -> {
            quote.scaChallenge = json.write(challenge);
            QuoteStatus.move(quote, QuoteStatus.PENDING_AUTHORIZATION);
            quote.updatedAt = clock.now();
            return lifecycle.awaitAuthorization(t);
        });
    }

    /**
     * Checks the proof given for the quote's outstanding challenge, within the payer's SCA session:
     * 409 when nothing awaits authorization, 409 SCA_SESSION_REQUIRED without a live session, 400
     * when the proof is missing, wrong or the challenge expired, 423 while the payer is locked out.
     */
    Uni<Void> verify(Quote quote, QuoteAuthorization body) {
        ScaRecords.Proof proof = ScaProofs.proofOf(body);
        return scaChallenged(quote).flatMap(scaChallenged -> logins.requireSession(scaChallenged.payer().id).flatMap(ignored -> {
            JsonNode challenge = scaChallenged.challenge();
            if (!clock.now().isBefore(Instant.parse(challenge.get("expiresAt").asText()))) {
                throw new ApiException(ErrorCode.INVALID_INPUT, "The challenge expired; create a new quote");
            }
            Set<Factor> offered = EnumSet.noneOf(Factor.class);
            challenge.path("availableFactors").forEach(f -> offered.add(Factor.valueOf(f.asText())));
            return proofs.verify(scaChallenged.payer(), proof, offered, passkeyChallengeText(challenge)).replaceWithVoid();
        }));
    }

    /** The body of POST /quotes/{id}/authorize: the proof answering the quote's challenge. */
    public record QuoteAuthorization(String code, JsonNode passkeyAssertion, String origin) implements ScaRecords.ProofFields {
    }

    /** The text whose bytes are the WebAuthn challenge of the payment's passkey options, when a passkey may answer. */
    private static String passkeyChallengeText(JsonNode challenge) {
        JsonNode encoded = challenge.path("passkeyAssertionOptions").path("challenge");
        return encoded.isTextual() ? new String(Base64.getUrlDecoder().decode(encoded.asText()), StandardCharsets.US_ASCII) : null;
    }

    /** POST /quotes/{id}/authorize/resend: sends the SMS code again; the challenge and its expiry stay. */
    @WithTransaction
    public Uni<Void> resendCode(String quoteId) {
        return QuoteLookup.find(quoteId, false).flatMap(this::scaChallenged).map(scaChallenged -> {
            String factor = scaChallenged.challenge().path("factor").asText();
            if (!Factor.SMS_OTP.name().equals(factor)) {
                throw new ApiException(ErrorCode.CONFLICT, "A " + factor + " challenge has no code to re-send");
            }
            return null;
        });
    }

    private record ScaChallenged(Customer payer, JsonNode challenge) {
    }

    /** The quote's outstanding challenge; 409 when the payer needs no SCA or nothing awaits authorization. */
    private Uni<ScaChallenged> scaChallenged(Quote quote) {
        return internalAccounts.inSession().holder(quote.customerId).map(customer -> {
            if (customer == null || !Regions.requiresSca(customer.region)) {
                throw new ApiException(ErrorCode.CONFLICT, "Strong Customer Authentication does not apply to this payer");
            }
            if (QuoteStatus.of(quote) != QuoteStatus.PENDING_AUTHORIZATION || quote.scaChallenge == null) {
                throw new ApiException(ErrorCode.CONFLICT, "Quote " + quote.wireId() + " has no challenge awaiting authorization");
            }
            return new ScaChallenged(customer, json.read(quote.scaChallenge));
        });
    }
}
